/**
 * Pix refunds (API Pix devoluções) on the durable job queue (lib/jobs.ts).
 *
 * The refund request reserves the value on the ledger (finance_pix_orders.refunded_cents), writes a
 * `pix_devolucoes` row (pending) and enqueues PIX_REFUND_JOB in one transaction. The job calls
 * `PUT /pix/{e2eid}/devolucao/{id}` with the row's id on every attempt: API Pix treats the same id as
 * the same devolução, so a retry after a lost answer never refunds twice. Then:
 * - the PSP made it: the row is done and the refund is recorded (finance_pix_refunds);
 * - the PSP refused it (4xx, or status NAO_REALIZADO): the row is failed with the reason and the
 *   reserved value goes back to the order, at once (no retry);
 * - the PSP was down (5xx, 429, timeout after the client's own retries): retried with backoff, for
 *   about 9 hours; only the last attempt failing gives the value back.
 * The finance page shows "Devolução solicitada" while the row is pending.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PixRefundState } from '../../../shared/contract/finance';
import { centsToReais, FINANCE_MSG } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { financePixOrders, financePixRefunds } from '../../db/schema/finance';
import { pixDevolucoes } from '../../db/schema/pix';
import { PermanentJobError, type JobQueue } from '../../lib/jobs';
import { type AcquirerAdapter, ProviderError, PspUnavailableError } from './adapters';
import { audit, toPixOrder, type Tx } from './finance.repository';
import { venues } from '../../db/schema/venues';
import { settleKeys, type CommandResult } from '../../lib/once';

export const PIX_REFUND_JOB = 'pix.devolucao';
/** 2 s doubling up to 10 minutes: 60 attempts last about 9 hours. */
export const PIX_REFUND_RETRY = { maxAttempts: 60, backoffMs: 2_000, maxBackoffMs: 10 * 60_000, leaseMs: 60_000 };
/** The inline attempt's head start: the worker leaves the job alone this long after the request. */
export const PIX_REFUND_INLINE_MS = 60_000;

/** The refunds of these orders as the finance page shows them, newest first. */
export async function refundStates(q: Db | Tx, orderIds: string[]): Promise<Map<string, PixRefundState[]>> {
  const out = new Map<string, PixRefundState[]>();
  if (!orderIds.length) return out;
  const rows = await q.select().from(pixDevolucoes).where(inArray(pixDevolucoes.pixOrderId, orderIds)).orderBy(desc(pixDevolucoes.createdAt));
  for (const r of rows) {
    const list = out.get(r.pixOrderId) ?? [];
    list.push({ Id: r.id, Value: centsToReais(r.amountCents), Status: r.status as PixRefundState['Status'], Error: r.error, CreatedAt: r.createdAt.toISOString() });
    out.set(r.pixOrderId, list);
  }
  return out;
}

/**
 * The answer of a refund request in the devolução's current state (the request, its replays and the
 * key the job settles all answer this): done "Estorno realizado", failed 422 with the PSP's reason,
 * pending "Devolução solicitada" (`pending` true: the key keeps answering the current state).
 */
export async function refundAnswer(q: Db | Tx, devolucaoId: string): Promise<CommandResult & { pending: boolean }> {
  const [d] = await q.select().from(pixDevolucoes).where(eq(pixDevolucoes.id, devolucaoId));
  const [r] = await q.select({ o: financePixOrders, venueName: venues.name }).from(financePixOrders).innerJoin(venues, eq(venues.id, financePixOrders.venueId)).where(eq(financePixOrders.id, d.pixOrderId));
  const order = { ...toPixOrder(r.o, r.venueName), Refunds: (await refundStates(q, [r.o.id])).get(r.o.id) ?? [] };
  if (d.status === 'failed') return { status: 422, body: { Message: d.error ?? FINANCE_MSG.pixRefundFailed }, pending: false };
  if (d.status === 'done') return { status: 200, body: { Message: FINANCE_MSG.pixRefunded, Order: order }, pending: false };
  return { status: 200, body: { Message: FINANCE_MSG.pixRefundRequested, Order: order }, pending: true };
}

/** The devolução is settled: every key still waiting on it answers its outcome from now on. */
async function settle(tx: Tx, devolucaoId: string): Promise<void> {
  const { pending: _pending, ...answer } = await refundAnswer(tx, devolucaoId);
  await settleKeys(tx, devolucaoId, answer);
}

async function auditAs(tx: Tx, d: typeof pixDevolucoes.$inferSelect, action: string, detail: Record<string, unknown>) {
  const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, d.createdBy));
  await audit(tx, { venueId: d.venueId, user: u ?? { id: d.createdBy, name: '' }, action, entity: 'pix_order', entityId: d.pixOrderId, detail });
}

/** Marks a pending devolução failed and gives its value back to the order (once). */
async function fail(db: Db, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx
      .update(pixDevolucoes)
      .set({ status: 'failed', error: reason, finishedAt: new Date() })
      .where(and(eq(pixDevolucoes.id, id), eq(pixDevolucoes.status, 'pending')))
      .returning();
    if (!d) return;
    // Only an approved order is refundable, so a full reservation's "chargeback" goes back to approved.
    await tx
      .update(financePixOrders)
      .set({
        refundedCents: sql`greatest(0, ${financePixOrders.refundedCents} - ${d.amountCents})`,
        status: sql`case when ${financePixOrders.status} = 'chargeback' then 'approved' else ${financePixOrders.status} end`,
      })
      .where(eq(financePixOrders.id, d.pixOrderId));
    await auditAs(tx, d, 'pix-refund-failed', { devolucaoId: d.id, amountCents: d.amountCents, reason });
    await settle(tx, d.id);
  });
}

export function definePixRefundJob(queue: JobQueue, db: Db, acquirer: AcquirerAdapter): void {
  queue.defineJob<{ id: string }>(
    PIX_REFUND_JOB,
    async ({ id }, ctx) => {
      const [d] = await ctx.db.select().from(pixDevolucoes).where(eq(pixDevolucoes.id, String(id)));
      if (!d) throw new PermanentJobError('devolução inexistente');
      if (d.status !== 'pending') return;
      let rtrId: string;
      try {
        // No transaction is open here: the sandbox PSP reads the ledger on its own.
        ({ refundId: rtrId } = await acquirer.refundPix(d.endToEndId, d.amountCents, d.id));
      } catch (err) {
        const retryable = err instanceof PspUnavailableError || !(err instanceof ProviderError);
        if (retryable && ctx.job.attempt < ctx.job.maxAttempts) throw err;
        const reason = err instanceof ProviderError ? err.message : FINANCE_MSG.pixRefundFailed;
        await fail(db, d.id, reason);
        throw new PermanentJobError(`devolução não realizada: ${reason}`, { cause: err });
      }
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(pixDevolucoes)
          .set({ status: 'done', rtrId: rtrId.slice(0, 32), finishedAt: new Date() })
          .where(and(eq(pixDevolucoes.id, d.id), eq(pixDevolucoes.status, 'pending')))
          .returning();
        if (!done) return;
        await tx.insert(financePixRefunds).values({ venueId: d.venueId, pixOrderId: d.pixOrderId, amountCents: d.amountCents, acquirerRefundId: rtrId, createdBy: d.createdBy });
        await auditAs(tx, d, 'pix-refund-done', { devolucaoId: d.id, acquirerRefundId: rtrId, amountCents: d.amountCents });
        await settle(tx, d.id);
      });
    },
    PIX_REFUND_RETRY,
  );
}
