/**
 * The remittance e-mail on the durable job queue (issue 27): the remittance's transaction enqueues
 * it, so the e-mail goes out once the file and its withdrawals are committed, is retried with
 * backoff when the mail server is down, and is never sent for a remittance that rolled back. The
 * file travels as an attachment read from the file store (a link to the API needs a signed-in
 * session and answers 401 from a mail client).
 */
import { eq } from 'drizzle-orm';
import { brDay, centsToReais, saoPauloDay } from '../../../shared/finance';
import { users } from '../../db/schema/auth';
import { financeRemittances } from '../../db/schema/finance';
import { venues } from '../../db/schema/venues';
import type { FileStorage } from '../../lib/file-storage';
import { PermanentJobError, type JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';

export const REMITTANCE_MAIL_JOB = 'finance.remittance-mail';

export interface RemittanceMailPayload {
  remittanceId: string;
  /** A remittance of new withdrawals (false) or an adjustment of ones already sent (true). */
  adjustment: boolean;
}

export function defineRemittanceMailJob(jobs: JobQueue, deps: { mailer: Mailer; files: FileStorage }): void {
  jobs.defineJob<RemittanceMailPayload>(REMITTANCE_MAIL_JOB, async ({ remittanceId, adjustment }, ctx) => {
    const [rem] = await ctx.db
      .select({ r: financeRemittances, venueName: venues.name, userName: users.name })
      .from(financeRemittances)
      .innerJoin(venues, eq(venues.id, financeRemittances.venueId))
      .leftJoin(users, eq(users.id, financeRemittances.createdBy))
      .where(eq(financeRemittances.id, remittanceId));
    if (!rem) throw new PermanentJobError('remittance not found');
    const content = await deps.files.read(rem.r.relativePath);
    if (!content) throw new PermanentJobError('remittance file not found');
    const { fileName, withdrawalCount, amountCents, createdAt } = rem.r;
    const total = centsToReais(amountCents).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
    await deps.mailer.send({
      to: rem.r.emailedTo,
      subject: `${adjustment ? 'Remessa de ajuste de saques' : 'Remessa de saques'} - ${rem.venueName} - ${brDay(saoPauloDay(createdAt))}`,
      text: `Olá, ${rem.userName ?? ''}.\n\nA remessa ${fileName} com ${withdrawalCount} saque(s), total ${total}, foi gerada e está anexada a este e-mail.\nEla também pode ser baixada no portal, em Financeiro > Remessa.\n`,
      attachments: [{ filename: fileName, content, contentType: 'application/octet-stream' }],
    });
  });
}
