/** Registers the marketplace area: the venue's marketplace integration. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { marketplaceRoutes } from './marketplace.routes';

export async function marketplacePlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await app.register(marketplaceRoutes, { db: opts.db.db });
}
