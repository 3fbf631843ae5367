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
 */
import { and, eq } from 'drizzle-orm';
import { DELIVERY_MODE, DELIVERY_PLATFORM_NAME, ORDER_MSG } from '../../../shared/orders';
import { orders } from '../../db/schema/orders';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { enqueueJob, PermanentJobError, type JobContext, type JobQueue } from '../../lib/jobs';
import { CourierError, SANDBOX_COURIER } from './couriers';
import { readFoodSettings } from './food-config.reader';
import { findOrder, type Tx } from './orders.repository';
import type { OrdersService } from './orders.service';

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

/** Enqueues the courier call in the transaction that marks the order called; answers the job id. */
export function enqueueCourierCall(tx: Tx, venueId: string, orderId: string, manual = false): Promise<number | null> {
  const payload: CallPayload = { venueId, orderId, ...(manual ? { manual: true } : {}) };
  return enqueueJob(tx, COURIER_CALL_JOB, payload, manual ? { delayMs: INLINE_SAFETY_MS, maxAttempts: 1 } : { maxAttempts: AUTO_ATTEMPTS });
}

async function requestCourier(service: OrdersService, p: CallPayload, ctx: JobContext): Promise<void> {
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
  let call;
  try {
    call = await adapter.request({
      orderId,
      code: order.Codigo,
      trackingCode: order.CodigoRastreio,
      venueName: venue?.name ?? '',
      customer: { Nome: order.Cliente.Nome, Telefone: order.Cliente.Telefone, Endereco: order.Cliente.Endereco },
      totalCents: Math.round(order.ValorTotal * 100),
    });
  } catch (err) {
    const last = p.manual || ctx.job.attempt >= ctx.job.maxAttempts;
    if (!last) throw new Error(`courier platform ${platform} failed`);
    // Given up: the board may call again by hand.
    await service.change(venueId, orderId, 'order.changed', (r) => (r.courierExternalId || !r.courierCalled ? null : { courierCalled: false }));
    const answer = err instanceof CourierError ? new HttpError(502, ORDER_MSG.platformFailed(DELIVERY_PLATFORM_NAME[platform] ?? adapter.name)) : err;
    throw new PermanentJobError(`courier platform ${platform} failed`, { cause: answer });
  }
  await service.change(venueId, orderId, 'order.changed', async (r, tx) => {
    if (r.courierExternalId) return null;
    if (call.assignAfterMs !== undefined) {
      const assigned: AssignedPayload = { venueId, orderId, externalId: call.externalId };
      await enqueueJob(tx, COURIER_ASSIGNED_JOB, assigned, { delayMs: call.assignAfterMs, key: call.externalId });
    }
    return {
      courierExternalId: call.externalId,
      trackingLink: call.trackingLink,
      courierSandbox: call.sandbox,
      ...(call.courier ? { courier: call.courier } : {}),
    };
  });
}

export function defineCourierJobs(jobs: JobQueue, service: OrdersService): void {
  jobs.defineJob<CallPayload>(COURIER_CALL_JOB, (p, ctx) => requestCourier(service, p, ctx), { leaseMs: 60_000 });
  jobs.defineJob<AssignedPayload>(COURIER_ASSIGNED_JOB, async (p) => {
    await service.change(p.venueId, p.orderId, 'order.changed', (row) =>
      row.courierExternalId !== p.externalId || row.courier ? null : { courier: SANDBOX_COURIER },
    );
  });
}
