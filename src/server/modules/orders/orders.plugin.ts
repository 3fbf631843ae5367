/**
 * Registers every route of the orders module and its long-lived parts: the live-events hub
 * (LISTEN/NOTIFY + SSE), idempotency keys, courier adapters and their jobs (courier-jobs.ts), and
 * the hourly housekeeping job (once per cluster) that drops expired idempotency keys and old events.
 *
 * Env: IDEMPOTENCY_TTL_DAYS (7), ORDERS_LOCK_TIMEOUT_MS / ORDERS_VENUE_WRITERS / ORDERS_WRITERS_MAX
 * (venue-writes.ts), KDS_EVENT_RETENTION_HOURS (48), KDS_SSE_HEARTBEAT_MS (15000),
 * COURIER_* (see couriers.ts), CHAT_BASE_URL / CHAT_API_TOKEN (chat unread count). iFood's polling
 * and board actions live in the marketplace module (modules/marketplace/ifood).
 */
import type { FastifyInstance } from 'fastify';
import { lt } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_DAYS_DEFAULT, KDS_SSE_HEARTBEAT_MS } from '../../../shared/orders';
import { orderEvents } from '../../db/schema/orders';
import type { ModuleOptions } from '../module-options';
import { defineCourierJobs } from './courier-jobs';
import { Idempotency } from './idempotency';
import { KdsHub } from './kds-hub';
import { ordersRoutes } from './orders.routes';
import { setVenueLockTimeout } from './orders.repository';
import { OrdersService } from './orders.service';
import { VenueWriteGate, venueWriteSettings } from './venue-writes';

const HOUR = 3_600_000;

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders module's service (tests and scripts wait for its background work). */
    orders?: OrdersService;
  }
}

export async function ordersPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const env = opts.env;
  const hub = new KdsHub(opts.db, app.log, positive(env.KDS_SSE_HEARTBEAT_MS, KDS_SSE_HEARTBEAT_MS), () => app.sessionStreams.recheck());
  // Order writes: bounded lock waits, and never more writers holding connections than the pool
  // can spare for reads, the event stream and health (venue-writes.ts, issue 36).
  const writes = venueWriteSettings(env);
  setVenueLockTimeout(writes.lockTimeoutMs);
  const gate = new VenueWriteGate({ perVenue: writes.perVenue, total: writes.total, waitMs: writes.lockTimeoutMs });
  const idem = new Idempotency(opts.db.db, positive(env.IDEMPOTENCY_TTL_DAYS, IDEMPOTENCY_TTL_DAYS_DEFAULT), gate);
  const service = new OrdersService(opts.db, hub, idem, { publicUrl: opts.config.publicUrl, env, log: app.log, jobs: app.jobs });
  defineCourierJobs(app.jobs, service);
  await hub.start();
  app.decorate('orders', service);

  const retentionHours = positive(env.KDS_EVENT_RETENTION_HOURS, 48);
  // Once per cluster per hour (a periodic job, lib/jobs.ts), not once per process.
  app.jobs.definePeriodic('orders.cleanup', HOUR, async () => {
    await idem.purgeExpired();
    await opts.db.db.delete(orderEvents).where(lt(orderEvents.createdAt, new Date(Date.now() - retentionHours * HOUR)));
  });

  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    await hub.stop();
    await service.stop();
  });

  await app.register(ordersRoutes, { handle: opts.db, hub, idem, service, env });
}
// Like fastify-plugin: the `orders` decoration and the close hook belong to the app itself (tests
// and scripts reach the service as app.orders); the routes stay in their own nested context.
(ordersPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
