/**
 * E-mails of the auth and account areas, sent by the durable job queue (src/server/lib/jobs.ts),
 * never fire-and-forget after a commit. A request only enqueues (in its own transaction when it
 * changes something) and answers; the job reads the rows it needs, so payloads carry ids only.
 *
 * - `auth.recovery-mail` { userId | null }: the request enqueues one job for a known and for an
 *   unknown account alike and answers before any other work, so both take the same time. The job
 *   creates the reset token itself (a crash after the answer never loses the e-mail, and no token
 *   exists without its e-mail: a failed send revokes it), and a newer link revokes every older one.
 * - `auth.signup-attempt-mail` { userIds }: api/Account/Register answers a taken e-mail or CPF
 *   exactly like a new sign-up; the existing owners hear that someone tried.
 * - `account.email-changed-mail` { userId, previousEmail }: the old address hears of the change.
 * - `auth.confirm-email-mail` { userId }: sign-up (and "reenviar") asks for a confirmation code; the
 *   job makes it (a newer code replaces the older one) and sends it. Nothing when already confirmed.
 *
 * Second-factor codes stay synchronous (auth.routes.ts sendCode): the answer "code sent" and the
 * 60 s resend timer depend on the e-mail having gone, and the person is waiting at the screen.
 */
import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MINUTES } from '../../../shared/account';
import { LOGIN_LIMIT_WINDOW_SECONDS, RESET_TOKEN_TTL_MINUTES } from '../../../shared/constants';
import { emailConfirmations, users } from '../../db/schema/auth';
import { sha256 } from '../../lib/crypto';
import type { JobQueue } from '../../lib/jobs';
import { letter, type Mail, type Mailer } from '../../lib/mailer';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Db } from '../../db/client';
import { createOneTimeToken, revokeResetLinks } from './auth.repository';

export const AUTH_JOBS = {
  recoveryMail: 'auth.recovery-mail',
  signupAttemptMail: 'auth.signup-attempt-mail',
  emailChangedMail: 'account.email-changed-mail',
  confirmEmailMail: 'auth.confirm-email-mail',
} as const;

/** Links per account per window (asked by e-mail and by CPF alike); more are dropped silently. */
const RECOVERY_LINKS_PER_ACCOUNT = 5;
/** "Someone tried to sign up with your e-mail" notices per account per hour. */
const SIGNUP_NOTICES_PER_ACCOUNT = 3;

/**
 * Sends a single-use link (password reset, invitation) made for this e-mail: the newest link is the
 * only one that works, so every older one is revoked first; and no link may work that nobody
 * received, so a failed send revokes the new one too (the job's retry makes another).
 */
export async function sendResetLink(db: Db, mailer: Mailer, userId: string, ttlSeconds: number, mail: (token: string) => Mail): Promise<void> {
  const token = await db.transaction(async (tx) => {
    await revokeResetLinks(tx, userId);
    return (await createOneTimeToken(tx, 'reset', userId, ttlSeconds)).token;
  });
  try {
    await mailer.send(mail(token));
  } catch (err) {
    await revokeResetLinks(db, userId).catch(() => {});
    throw err;
  }
}

export function defineAuthMailJobs(jobs: JobQueue, deps: { mailer: Mailer; publicUrl: string }): void {
  const { mailer } = deps;

  jobs.defineJob<{ userId: string | null }>(AUTH_JOBS.recoveryMail, async ({ userId }, ctx) => {
    if (!userId) return;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    // Counted once per request (a retry of a failed send is the same request).
    if (ctx.job.attempt === 1 && (await hitRateLimit(ctx.db, `recovery:user:${user.id}`, RECOVERY_LINKS_PER_ACCOUNT, LOGIN_LIMIT_WINDOW_SECONDS)) > 0) return;
    await sendResetLink(ctx.db, mailer, user.id, RESET_TOKEN_TTL_MINUTES * 60, (token) => ({
      to: user.email,
      subject: 'Redefinição de senha do Balcão',
      text: letter(
        user.name,
        'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, abra:',
        `${deps.publicUrl}/redefinirSenha?token=${encodeURIComponent(token)}`,
        '',
        `O link vale por ${RESET_TOKEN_TTL_MINUTES} minutos e pode ser usado uma vez.`,
        'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
      ),
    }));
  });

  jobs.defineJob<{ userIds: string[] }>(AUTH_JOBS.signupAttemptMail, async ({ userIds }, ctx) => {
    if (!Array.isArray(userIds) || !userIds.length) return;
    const owners = await ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds.slice(0, 2)));
    for (const owner of owners) {
      if (ctx.job.attempt === 1 && (await hitRateLimit(ctx.db, `signup-notice:${owner.id}`, SIGNUP_NOTICES_PER_ACCOUNT, 3600)) > 0) continue;
      await mailer.send({
        to: owner.email,
        subject: 'Tentativa de cadastro com os seus dados no Balcão',
        text: letter(
          owner.name,
          'Alguém tentou criar uma conta no Balcão com o seu e-mail ou o seu CPF. Você já tem uma conta:',
          `para entrar, use o e-mail ${owner.email}; se esqueceu a senha, use "Esqueci minha senha" na tela de entrada.`,
          '',
          'Se não foi você, ignore este e-mail: nada mudou na sua conta.',
        ),
      });
    }
  });

  jobs.defineJob<{ userId: string; previousEmail: string }>(AUTH_JOBS.emailChangedMail, async ({ userId, previousEmail }, ctx) => {
    const [user] = await ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!user || !previousEmail) return;
    await mailer.send({
      to: previousEmail,
      subject: 'O e-mail da sua conta no Balcão foi alterado',
      text: letter(user.name, `O e-mail de acesso da sua conta foi alterado para ${user.email}.`, 'Se não foi você, fale com o gerente do seu estabelecimento ou com o suporte.'),
    });
  });

  jobs.defineJob<{ userId: string }>(AUTH_JOBS.confirmEmailMail, async ({ userId }, ctx) => {
    const [user] = await ctx.db.select({ id: users.id, name: users.name, email: users.email, confirmed: users.emailConfirmed }).from(users).where(eq(users.id, userId));
    if (!user || user.confirmed) return;
    const code = String(randomInt(10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    const now = new Date();
    const values = { codeHash: emailCodeHash(user.id, code), sentAt: now, expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000), attempts: 0 };
    await ctx.db.insert(emailConfirmations).values({ userId: user.id, ...values }).onConflictDoUpdate({ target: emailConfirmations.userId, set: values });
    try {
      await mailer.send({
        to: user.email,
        subject: `Confirme seu e-mail no Balcão: ${code}`,
        text: letter(
          user.name,
          `Seu código para confirmar este e-mail no Balcão é: ${code}`,
          '',
          `Ele vale por ${EMAIL_CODE_TTL_MINUTES} minutos. Digite-o na tela "Confirmar e-mail" depois de entrar.`,
          'Se você não criou uma conta no Balcão, ignore este e-mail.',
        ),
      });
    } catch (err) {
      // No code may work that nobody received; the retry makes a new one.
      await ctx.db.delete(emailConfirmations).where(eq(emailConfirmations.userId, user.id)).catch(() => {});
      throw err;
    }
  });
}

/** What is stored of an e-mail confirmation code: a hash bound to the account. */
export const emailCodeHash = (userId: string, code: string) => sha256(`email:${userId}:${code}`);
