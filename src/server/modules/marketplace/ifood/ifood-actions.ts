/**
 * Board actions owed to iFood, durable, on the app's job queue (lib/jobs.ts). A state change of an
 * iFood order enqueues its call in the same transaction (`ifoodOnTransition`, called at the orders
 * service's single transition point), so the call exists exactly when the change does. The queue
 * runs it once across processes (claims with SKIP LOCKED and a lease), retries a retryable failure
 * (iFood down, 5xx, 429, timeout) with exponential backoff, also after a restart, for about 9
 * hours (iFood keeps an order's events 8 hours); iFood refusing a call (another 4xx) fails it at
 * once. One job per order and action (the key), and the calls of one order go in the order they
 * were made.
 *
 * Repeats (issue 36). iFood's Merchant API has no idempotency key on order actions; instead it
 * answers a repeated confirm / startPreparation / readyToPickup / dispatch / requestCancellation
 * of an order already in that state with 202 and changes nothing, so a repeat is harmless and we
 * rely on it in exactly these places, and nowhere after a success:
 * - a retryable failure (timeout, connection lost, 408, 429, 5xx): iFood may or may not have
 *   applied it, so the job sends it again (the answer tells us nothing more; asking GET order
 *   first would cost a call and still race iFood's own processing);
 * - a process that dies between iFood's 202 and the job's "done" (its lease passes, another
 *   process runs the job again);
 * - adapters/ifood.ts retries once on 401 (token expired early): iFood did not process that one.
 * After a 202 the job ends "done" and the (order, action) key keeps another from being enqueued,
 * so no repeat is sent after a success otherwise.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { OrderCommand } from '../../../../shared/orders';
import { ifoodOrders } from '../../../db/schema/marketplace';
import { jobs } from '../../../db/schema/jobs';
import { orders, orderStateHistory } from '../../../db/schema/orders';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../../lib/jobs';
import type { Tx } from '../../orders/orders.repository';
import { IfoodError, type IfoodClient } from './adapters/ifood';
import type { IfoodAction, IfoodCancellationRequest } from './adapters/types';

export const IFOOD_ACTION_JOB = 'ifood.order-action';
/** 2 s doubling up to 10 minutes: 60 attempts last about 9 hours. */
export const IFOOD_ACTION_RETRY = { maxAttempts: 60, backoffMs: 2_000, maxBackoffMs: 10 * 60_000, leaseMs: 30_000 };

export interface IfoodActionJob {
  venueId: string;
  orderId: string;
  ifoodOrderId: string;
  action: IfoodAction;
  body: IfoodCancellationRequest | null;
}

/** The iFood call a board command makes for an order of this kind (null: none). */
export function actionFor(command: OrderCommand | 'automaticallyAcceptOrder', link: { orderType: string; deliveredBy: string | null }): IfoodAction | null {
  switch (command) {
    case 'acceptOrder':
    case 'automaticallyAcceptOrder':
      return 'confirm';
    case 'startOrder':
      return 'startPreparation';
    case 'readyToPickup':
      return 'readyToPickup';
    case 'transportOrder':
      // The venue's own courier leaves with it: dispatched. iFood's courier: ready for them to collect.
      return link.orderType === 'DELIVERY' && (link.deliveredBy ?? '').toUpperCase() === 'MERCHANT' ? 'dispatch' : 'readyToPickup';
    case 'refuseOrder':
      return 'requestCancellation';
    default:
      return null;
  }
}

async function enqueue(tx: Tx, job: IfoodActionJob): Promise<void> {
  // No customer data in the payload: ids, the action and the cancellation reason chosen.
  await enqueueJob(tx, IFOOD_ACTION_JOB, job, { key: `${job.orderId}:${job.action}` });
}

/**
 * Called inside the transaction that changes an order's state (orders.service.ts): when the order
 * came from iFood, writes the call the command owes iFood. Does nothing for other orders.
 */
export async function ifoodOnTransition(
  tx: Tx,
  change: { venueId: string; orderId: string; command: OrderCommand; reason?: { cancellationCode: string; reason: string } | null },
): Promise<void> {
  const [link] = await tx.select().from(ifoodOrders).where(eq(ifoodOrders.orderId, change.orderId));
  if (!link) return;
  const action = actionFor(change.command, link);
  if (!action) return;
  const body = action === 'requestCancellation' && change.reason ? { reason: change.reason.reason, cancellationCode: change.reason.cancellationCode } : null;
  await enqueue(tx, { venueId: change.venueId, orderId: change.orderId, ifoodOrderId: link.ifoodOrderId, action, body });
}

/**
 * The calls an order owes iFood for the changes it went through before it was linked (an order
 * accepted automatically at intake, or by a tablet in the instant between intake and link).
 * Runs under the venue lock, in the transaction that writes the link.
 */
export async function enqueueMissed(tx: Tx, link: typeof ifoodOrders.$inferSelect): Promise<void> {
  const history = await tx
    .select({ command: orderStateHistory.command })
    .from(orderStateHistory)
    .where(eq(orderStateHistory.orderId, link.orderId))
    .orderBy(orderStateHistory.id);
  const [o] = await tx.select({ cancellation: orders.cancellation }).from(orders).where(eq(orders.id, link.orderId));
  for (const h of history) {
    const action = h.command ? actionFor(h.command as OrderCommand, link) : null;
    if (!action) continue;
    if (action === 'requestCancellation' && !o?.cancellation) continue;
    const body = action === 'requestCancellation' && o?.cancellation ? { reason: o.cancellation.reason, cancellationCode: o.cancellation.cancellationCode } : null;
    await enqueue(tx, { venueId: link.venueId, orderId: link.orderId, ifoodOrderId: link.ifoodOrderId, action, body });
  }
}

/** The handler of IFOOD_ACTION_JOB on this process's queue. */
export function defineIfoodJobs(queue: JobQueue, client: () => IfoodClient): void {
  queue.defineJob<IfoodActionJob>(
    IFOOD_ACTION_JOB,
    async (job, ctx) => {
      // An order's calls go in order: confirm before startPreparation, and so on.
      const earlier = await ctx.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.name, IFOOD_ACTION_JOB), sql`${jobs.payload}->>'orderId' = ${job.orderId}`, lt(jobs.id, ctx.job.id), inArray(jobs.state, ['queued', 'running'])))
        .limit(1);
      if (earlier.length) throw new Error('aguardando a chamada anterior deste pedido ao iFood');
      try {
        await client().orderAction(job.ifoodOrderId, job.action, job.body);
      } catch (err) {
        const e = err instanceof IfoodError ? err : new IfoodError(0, job.action);
        if (!e.retryable) throw new PermanentJobError(`iFood recusou ${job.action}: ${e.status}`);
        // Retried with the same action: iFood answers a repeat of a state the order is already in
        // with 202 (see the header), so a call that did reach iFood is not applied twice.
        // iFood's rate limit names its own time to try again (Retry-After): the queue waits that long.
        throw Object.assign(new Error(e.message), { retryAfterMs: e.retryAfterMs });
      }
    },
    IFOOD_ACTION_RETRY,
  );
}
