/** Registers payment links (spec 000 §7) and the public pay page's calls with API Pix and the card acquirer. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { getPixService, sandboxAllowed } from '../pix/pix.service';
import { createAcquirer } from './adapters';
import { paymentLinkRoutes } from './payment-links.routes';

export async function paymentLinksPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  paymentLinkRoutes(app, { db: opts.db.db, acquirer: await createAcquirer(opts.env), pix: getPixService(opts), sandboxPayments: sandboxAllowed(opts.env), env: opts.env, jobs: app.jobs });
}
