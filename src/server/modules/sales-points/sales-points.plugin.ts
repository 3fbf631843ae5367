/** Registers the sales-points area: sales points, their systems and linked devices. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { salesPointRoutes } from './sales-points.routes';

export async function salesPointsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await app.register(salesPointRoutes, { db: opts.db.db });
}
