/** Registers the printers area: printers, print agents and the agents' jobs (see printers.routes.ts). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { JobWaiters } from './job-waiters';
import { PRINT_JOBS_CHANNEL } from './printers.repository';
import { printersRoutes } from './printers.routes';

export async function printersPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const waiters = new JobWaiters();
  const unlisten = await opts.db.listen(PRINT_JOBS_CHANNEL, (venueId) => waiters.wake(venueId));
  app.addHook('preClose', async () => {
    waiters.close();
    await unlisten();
  });
  const lease = Number(opts.env.PRINT_LEASE_MS);
  printersRoutes(app, {
    db: opts.db.db,
    waiters,
    leaseMs: Number.isFinite(lease) && lease > 0 ? lease : undefined,
    setOrderPrinterStatus: async (venueId, orderId, status) => {
      await app.orders?.setPrinterStatus(venueId, orderId, status);
    },
  });
}
