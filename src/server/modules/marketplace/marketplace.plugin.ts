/**
 * Registers the marketplace area: the venue's marketplace integration (switch + store id) and
 * iFood through its Merchant API v1.0 (ifood/): polling, order import, board actions back to
 * iFood as durable jobs (lib/jobs.ts), store status, cancellation reasons and the in-process sandbox.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { IfoodIntegration, ifoodSettingsFromEnv } from './ifood/ifood-integration';
import { defineIfoodJobs } from './ifood/ifood-actions';
import { defineIfoodDisputeJob } from './ifood/ifood-disputes';
import { defineIfoodStoreJob } from './ifood/ifood-store-switch';
import { ifoodRoutes } from './ifood/ifood.routes';
import { marketplaceRoutes } from './marketplace.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The iFood integration (tests drive its polling). */
    ifood?: IfoodIntegration;
  }
}

export async function marketplacePlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  // The orders module registers after this one: its service is looked up when first needed.
  const ifood = new IfoodIntegration(opts.db, () => app.orders!, app.log, ifoodSettingsFromEnv(opts.env));
  app.decorate('ifood', ifood);
  defineIfoodJobs(app.jobs, () => ifood.client);
  defineIfoodDisputeJob(app.jobs, () => ifood.client, () => ifood);
  defineIfoodStoreJob(app.jobs, () => ifood.client, Date.now, () => ifood.forgetStatus());
  app.addHook('onReady', async () => ifood.start());
  // Before the orders module's close hook: no intake or change may start after its service stops.
  app.addHook('preClose', async () => ifood.stop());
  await app.register(marketplaceRoutes, { db: opts.db.db });
  await app.register(ifoodRoutes, { db: opts.db.db, ifood, jobs: app.jobs });
}
// Like fastify-plugin: the `ifood` decoration and the hooks belong to the app itself.
(marketplacePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
