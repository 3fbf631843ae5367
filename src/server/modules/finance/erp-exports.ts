/**
 * ERP invoices, exactly once (issue 36; the rule is lib/once.ts), like bank transfers (transfers.ts):
 * 1. reserve: the Idempotency-Key and one send per invoice (state 'sending', its id the key the ERP
 *    receives) are stored in one transaction, with a settle job per send (ERP_SETTLE_JOB, not before
 *    the ERP's timeout has passed); an invoice with a send still open refuses another (409);
 * 2. call: the ERP is called outside any transaction, `Idempotency-Key: <send id>`, one invoice at a time;
 * 3. finish: each outcome is recorded: 'integrated' (the invoice is integrated with the ERP's number),
 *    'refused' (its errors are written on the invoice, which stays pending for a corrected retry) or,
 *    when the ERP did not answer in time, 'checking' ("em verificação", the answer is 202 with the
 *    batch's current state; the same key answers the current state and never calls the ERP again).
 * The settle job (lib/settle-job.ts) asks the ERP `GET /invoices/{send id}` until it says what happened (and sends the same
 * POST again, same key, only when the ERP says it never received it), records it, and settles the
 * batch's keys (settleKeys) once no send of the batch is open.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { erpExportAnswer } from '../../../shared/contract/finance';
import { FINANCE_MSG } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { financeErpExports, financeErpInvoices } from '../../db/schema/finance';
import { HttpError } from '../../lib/http-error';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../lib/jobs';
import { settleKeys, type CommandResult, type OnceCommand } from '../../lib/once';
import { callEach, defineSettleJob, settleDelayMs } from '../../lib/settle-job';
import type { AuthUser } from '../../plugins/auth';
import type { ErpAdapter, ErpExportResult, ErpInvoice } from './adapters';
import { audit, financeOnce, type Tx } from './finance.repository';

export const ERP_SETTLE_JOB = 'finance.erp-settle';

type InvoiceRow = typeof financeErpInvoices.$inferSelect;
type ExportRow = typeof financeErpExports.$inferSelect;
type Answer = z.infer<typeof erpExportAnswer>;

const toErp = (inv: InvoiceRow): ErpInvoice => ({ id: inv.id, orderDate: inv.orderDate, items: inv.items, totalCents: inv.totalCents });

/** A batch's answer from its sends: 200 when all are settled, 202 while any is "em verificação". */
export function batchAnswerOf(rows: ExportRow[], single: boolean): CommandResult & { body: Answer } {
  const integrated = rows.filter((r) => r.state === 'integrated').length;
  const failed = rows.filter((r) => r.state === 'refused').length;
  const checking = rows.length - integrated - failed;
  const Message = single
    ? checking
      ? FINANCE_MSG.erpChecking
      : integrated
        ? FINANCE_MSG.erpReprocessed
        : FINANCE_MSG.erpReprocessFailed
    : FINANCE_MSG.erpReprocessAll(integrated, failed, checking);
  return { status: checking ? 202 : 200, body: { Message, integrated, failed, ...(checking ? { checking } : {}) } };
}

async function userOf(q: Db | Tx, id: string): Promise<Pick<AuthUser, 'id' | 'name'>> {
  const [u] = await q.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return u ?? { id, name: '' };
}

/** Records an outcome on a send still open; a send already settled keeps its outcome. */
async function record(tx: Tx, id: string, r: ErpExportResult): Promise<void> {
  if (r.ok === null) {
    await tx.update(financeErpExports).set({ state: 'checking' }).where(and(eq(financeErpExports.id, id), eq(financeErpExports.state, 'sending')));
    return;
  }
  const [s] = await tx
    .update(financeErpExports)
    .set(r.ok ? { state: 'integrated', erpNumber: r.erpNumber, settledAt: new Date() } : { state: 'refused', errors: r.errors, settledAt: new Date() })
    .where(and(eq(financeErpExports.id, id), inArray(financeErpExports.state, ['sending', 'checking'])))
    .returning();
  if (!s) return;
  if (r.ok) await tx.update(financeErpInvoices).set({ status: 'integrated', errors: [], erpNumber: r.erpNumber }).where(eq(financeErpInvoices.id, s.invoiceId));
  else await tx.update(financeErpInvoices).set({ errors: r.errors }).where(and(eq(financeErpInvoices.id, s.invoiceId), eq(financeErpInvoices.status, 'pending')));
  await audit(tx, { venueId: s.venueId, user: await userOf(tx, s.createdBy), action: 'erp-export', entity: 'erp_invoice', entityId: s.invoiceId, detail: r.ok ? { ok: true, erpNumber: r.erpNumber, sendId: s.id } : { ok: false, errors: r.errors, sendId: s.id } });
}

/** When no send of the batch is open any more, every key of the batch answers its final state. */
async function settleBatch(tx: Tx, batchId: string, single: boolean): Promise<CommandResult & { checking: boolean }> {
  const rows = await tx.select().from(financeErpExports).where(eq(financeErpExports.batchId, batchId));
  const answer = batchAnswerOf(rows, single);
  const checking = answer.status === 202;
  if (!checking) await settleKeys(tx, batchId, answer);
  return { ...answer, checking };
}

type Reserved = { ref: string; sends: Array<{ id: string; invoice: ErpInvoice }> };

/**
 * The reprocess command for runOnce: `pick` (in the key's transaction) locks and answers the invoices
 * to send; `single` says which answer's wording (one invoice or the session's reprocess-all).
 */
export function erpExportCommand(
  db: Db,
  erp: ErpAdapter,
  a: { venueId: string; user: AuthUser; key: string | null; hash: string; mismatchMessage: string; single: boolean; pick(tx: Tx): Promise<InvoiceRow[]> },
): OnceCommand<Reserved, ErpExportResult[]> {
  return {
    ...financeOnce(a),
    async reserve(tx) {
      const invoices = await a.pick(tx);
      const batchId = randomUUID();
      const sends: Reserved['sends'] = [];
      for (const inv of invoices) {
        // One open send per invoice (the partial unique index): a twin with another key is refused.
        const [row] = await tx
          .insert(financeErpExports)
          .values({ batchId, venueId: a.venueId, invoiceId: inv.id, createdBy: a.user.id })
          .onConflictDoNothing()
          .returning({ id: financeErpExports.id });
        if (!row) {
          if (a.single) throw new HttpError(409, FINANCE_MSG.erpInvoiceBusy);
          continue;
        }
        // The safety net, in the same transaction: whatever happens to this request, the job asks
        // the ERP about this send once its call can no longer be running.
        await enqueueJob(tx, ERP_SETTLE_JOB, { id: row.id, single: a.single }, { key: row.id, delayMs: settleDelayMs(erp.timeoutMs) });
        sends.push({ id: row.id, invoice: toErp(inv) });
      }
      return { ref: batchId, sends };
    },
    call: (r) => callEach(r.sends, (s) => erp.exportInvoice(s.invoice, s.id)),
    async finish(tx, r, outcomes) {
      for (let i = 0; i < r.sends.length; i++) await record(tx, r.sends[i].id, outcomes[i]);
      return settleBatch(tx, r.ref, a.single);
    },
    async current(ref) {
      const rows = await db.select().from(financeErpExports).where(eq(financeErpExports.batchId, ref));
      return batchAnswerOf(rows, a.single);
    },
  };
}

/** The settle job: asks the ERP what it did with a send that is not settled yet. */
export function defineErpSettleJob(queue: JobQueue, db: Db, erp: ErpAdapter): void {
  defineSettleJob<ExportRow & { single: boolean }, ErpExportResult, { id: string; single?: boolean }>(queue, db, ERP_SETTLE_JOB, {
    timeoutMs: erp.timeoutMs,
    async load(id, { single }) {
      const [s] = await db.select().from(financeErpExports).where(eq(financeErpExports.id, id));
      if (!s) throw new PermanentJobError('envio ao ERP inexistente');
      return { ...s, single: single === true };
    },
    settled: (s) => s.state === 'integrated' || s.state === 'refused',
    sendingSince: (s) => (s.state === 'sending' ? s.createdAt : null),
    settle: (tx, s) => settleBatch(tx, s.batchId, s.single),
    async ask(s) {
      const st = await erp.exportStatus(s.id);
      if (st.status === 'issued') return { ok: true, erpNumber: st.erpNumber };
      if (st.status === 'refused') return { ok: false, errors: st.errors };
      return st.status;
    },
    async resend(s) {
      const [inv] = await db.select().from(financeErpInvoices).where(eq(financeErpInvoices.id, s.invoiceId));
      return inv ? erp.exportInvoice(toErp(inv), s.id) : { ok: false, errors: [FINANCE_MSG.erpInvoiceNotFound] };
    },
    processing: { ok: null },
    async finish(tx, s, outcome) {
      await record(tx, s.id, outcome);
      await settleBatch(tx, s.batchId, s.single);
      return outcome.ok === null;
    },
    messages: { sending: 'envio ao ERP em andamento', checking: 'nota em verificação no ERP' },
  });
}
