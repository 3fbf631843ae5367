/**
 * E-mail: through SMTP (nodemailer) when SMTP_URL is set, otherwise each message is written into
 * MAIL_OUTBOX_DIR as an .eml (for people) and a .json (for tests and tools).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (e.g. the remittance file): the content itself, not a link. */
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  describe(): string;
}

/** A message's text: "Olá, {name}.", a blank line, then `lines`, one a line. */
export const letter = (name: string, ...lines: string[]): string => [`Olá, ${name}.`, '', ...lines].join('\n');

const FROM = 'Balcão <nao-responda@balcao.dev>';

export function createMailer(opts: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
      describe: () => `E-mails enviados por SMTP (${new URL(opts.smtpUrl!).host}).`,
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    async send(mail) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const info = await stream.sendMail({ from: FROM, ...mail });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++seq).padStart(4, '0')}-${safeTo}`;
      await writeWhole(path.join(opts.outboxDir, `${base}.eml`), info.message as Buffer);
      await writeWhole(
        path.join(opts.outboxDir, `${base}.json`),
        JSON.stringify(
          { from: FROM, ...mail, attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })), sentAt: new Date().toISOString() },
          null,
          2,
        ),
      );
    },
    describe: () => `SMTP_URL não configurado: e-mails gravados em ${opts.outboxDir}`,
  };
}

/**
 * Writes a file of the outbox whole: under a temporary name, then renamed, so whoever reads the
 * folder (a person, a tool, the end-to-end tests polling it) never finds half an e-mail.
 */
async function writeWhole(file: string, content: string | Buffer): Promise<void> {
  const partial = `${file}.partial`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, file);
}
