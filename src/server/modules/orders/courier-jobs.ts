/**
 * Courier work as durable jobs (src/server/lib/jobs.ts), so that a process dying after a commit
 * loses nothing:
 * - `orders.courier-call`: enqueued in the same transaction that marks the order "courier called"
 *   (an automatic call at accept or intake, or "Chamar Motoboy"), it asks the platform for a
 *   courier and records the answer. It does nothing when the order already has a call recorded or
 *   is no longer marked called, so running it again (a lease that passed) never calls twice in a
 *   row. An automatic call is retried with backoff; after its last attempt the mark is taken off so
 *   the board can call by hand. "Chamar Motoboy" runs it inline (`runNow`) to answer with the
 *   result or "Falha ao solicitar ..."; its row is the safety net if the process dies meanwhile.
 * - `orders.courier-assigned`: the sandbox courier's assignment, scheduled COURIER_SANDBOX_DELAY_MS
 *   after the call in the transaction that records the call.
 *
 * Exactly once at the platform (issue 36). Each call job sends one Idempotency-Key,
 * `balcao-entrega-{orderId}-{jobId}`: the job's id is stable across its retries and across a
 * process that died mid-call (another process claims the same row after its lease), and a new
 * call after a given-up one is a new job, so a new delivery. A platform that did not answer
 * (timeout, lost connection) leaves the call "em verificação": the order stays marked called and
 * the job is retried; from its second attempt on a job first asks the platform for its key's
 * delivery (GET, couriers.ts) and records it, and POSTs again (same key) only when the platform
 * has none. When the last attempt still finds no answer, the mark stays (a hand call could make a
 * second delivery) and the job fails for an operator to check.
 */
import { and, eq } from 'drizzle-orm';
import { DELIVERY_MODE, DELIVERY_PLATFORM_NAME, ORDER_MSG } from '../../../shared/orders';
import { orders } from '../../db/schema/orders';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { enqueueJob, PermanentJobError, type JobContext, type JobQueue } from '../../lib/jobs';
import type { Order } from '../../../shared/contract/orders';
import type { KdsEventType } from '../../../shared/orders';
import { CourierError, CourierUnknownError, SANDBOX_COURIER, type CourierCall, type Couriers } from './couriers';
import { readFoodSettings } from './food-config.reader';
import { findOrder, type OrderChangeSet, type OrderRecord, type Tx } from './orders.repository';

/**
 * What the courier jobs use of the orders service (orders.service.ts passes itself): its couriers,
 * and its one way to change an order (under the venue lock, versioned, told to the boards).
 */
export interface CourierJobHost {
  readonly couriers: Couriers;
  change(venueId: string, orderId: string, type: KdsEventType, mutate: (row: OrderRecord, tx: Tx) => Promise<OrderChangeSet | null> | OrderChangeSet | null): Promise<{ order: Order; changed: boolean }>;
}

export const COURIER_CALL_JOB = 'orders.courier-call';
export const COURIER_ASSIGNED_JOB = 'orders.courier-assigned';
/** Attempts of an automatic call (1 s, 2 s, 4 s, 8 s... between them). */
const AUTO_ATTEMPTS = 6;
/** An inline call's job waits this long before a worker may take it (only if the process died). */
const INLINE_SAFETY_MS = 90_000;

interface CallPayload {
  venueId: string;
  orderId: string;
  /** "Chamar Motoboy": one attempt, run inline by the request. */
  manual?: boolean;
}

interface AssignedPayload {
  venueId: string;
  orderId: string;
  externalId: string;
}

/** The order's columns once a platform courier is called. */
export function courierCalledColumns(row: { deliveryPlatform: number | null }, food: { deliveryPlatform: number }) {
  return { courierCalled: true, deliveryMode: DELIVERY_MODE.ownPlatform, deliveryPlatform: row.deliveryPlatform ?? food.deliveryPlatform, carrierId: null };
}

/** The Idempotency-Key one courier call sends on every attempt (see the header). */
export function courierCallKey(orderId: string, jobId: number): string {
  return `balcao-entrega-${orderId}-${jobId}`;
}

/**
 * Thrown by an attempt whose platform did not answer: the call is "em verificação" and the job is
 * retried (its next attempt asks the platform for the key's delivery). "Chamar Motoboy" answers
 * the order as it is (called, courier pending) instead of a failure.
 */
export class CourierPendingError extends Error {}

/** Enqueues the courier call in the transaction that marks the order called; answers the job id. */
export function enqueueCourierCall(tx: Tx, venueId: string, orderId: string, manual = false): Promise<number | null> {
  const payload: CallPayload = { venueId, orderId, ...(manual ? { manual: true } : {}) };
  // A manual call gets attempts too: only to settle a call the platform did not answer (a refusal
  // still fails it at once, so the board can call again).
  return enqueueJob(tx, COURIER_CALL_JOB, payload, manual ? { delayMs: INLINE_SAFETY_MS, maxAttempts: AUTO_ATTEMPTS } : { maxAttempts: AUTO_ATTEMPTS });
}

async function requestCourier(service: CourierJobHost, p: CallPayload, ctx: JobContext): Promise<void> {
  const { venueId, orderId } = p;
  const [row] = await ctx.db
    .select({ called: orders.courierCalled, externalId: orders.courierExternalId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.venueId, venueId)));
  // Gone, no longer called (a failed call was given up), or already answered: nothing to do.
  if (!row || !row.called || row.externalId) return;
  const order = await findOrder(ctx.db, venueId, orderId);
  if (!order) return;
  const food = await readFoodSettings(ctx.db, venueId);
  const platform = order.EmpresaTransporte ?? food.deliveryPlatform;
  const adapter = service.couriers.forPlatform(platform);
  const [venue] = await ctx.db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
  const idempotencyKey = courierCallKey(orderId, ctx.job.id);
  let call: CourierCall | null = null;
  try {
    // A previous attempt of this job may have reached the platform (no answer in time, or its
    // process died mid-call): ask for that key's delivery first, never a blind resend.
    if (ctx.job.attempt > 1) call = await adapter.find(idempotencyKey, orderId);
    call ??= await adapter.request({
      orderId,
      idempotencyKey,
      code: order.Codigo,
      trackingCode: order.CodigoRastreio,
      venueName: venue?.name ?? '',
      customer: { Nome: order.Cliente.Nome, Telefone: order.Cliente.Telefone, Endereco: order.Cliente.Endereco },
      totalCents: Math.round(order.ValorTotal * 100),
    });
  } catch (err) {
    if (err instanceof CourierUnknownError) {
      // "Em verificação": the order stays called; the next attempt asks the platform for the key.
      const message = `courier platform ${platform} did not answer: call ${idempotencyKey} em verificação`;
      if (ctx.job.attempt >= ctx.job.maxAttempts) throw new PermanentJobError(`${message}; attempts exhausted, check with the platform`);
      throw new CourierPendingError(message);
    }
    const last = p.manual || ctx.job.attempt >= ctx.job.maxAttempts;
    if (!last) throw new Error(`courier platform ${platform} failed`);
    // Given up: the board may call again by hand.
    await service.change(venueId, orderId, 'order.changed', (r) => (r.courierExternalId || !r.courierCalled ? null : { courierCalled: false }));
    const answer = err instanceof CourierError ? new HttpError(502, ORDER_MSG.platformFailed(DELIVERY_PLATFORM_NAME[platform] ?? adapter.name)) : err;
    throw new PermanentJobError(`courier platform ${platform} failed`, { cause: answer });
  }
  const got = call;
  await service.change(venueId, orderId, 'order.changed', async (r, tx) => {
    if (r.courierExternalId) return null;
    if (got.assignAfterMs !== undefined) {
      const assigned: AssignedPayload = { venueId, orderId, externalId: got.externalId };
      await enqueueJob(tx, COURIER_ASSIGNED_JOB, assigned, { delayMs: got.assignAfterMs, key: got.externalId });
    }
    return {
      courierExternalId: got.externalId,
      trackingLink: got.trackingLink,
      courierSandbox: got.sandbox,
      ...(got.courier ? { courier: got.courier } : {}),
    };
  });
}

export function defineCourierJobs(jobs: JobQueue, service: CourierJobHost): void {
  jobs.defineJob<CallPayload>(COURIER_CALL_JOB, (p, ctx) => requestCourier(service, p, ctx), { leaseMs: 60_000 });
  jobs.defineJob<AssignedPayload>(COURIER_ASSIGNED_JOB, async (p) => {
    await service.change(p.venueId, p.orderId, 'order.changed', (row) =>
      row.courierExternalId !== p.externalId || row.courier ? null : { courier: SANDBOX_COURIER },
    );
  });
}
