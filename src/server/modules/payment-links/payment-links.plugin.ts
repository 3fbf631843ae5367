/** Registers payment links (spec 000 §7) and the public pay page's calls with the configured acquirer. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createAcquirer } from './acquirer';
import { paymentLinkRoutes } from './payment-links.routes';

export async function paymentLinksPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  paymentLinkRoutes(app, { db: opts.db.db, acquirer: await createAcquirer(opts.env) });
}
