/**
 * Donations: events, institutions, donation links, donor report, dashboard and the donor's public
 * page. Settings: DONATION_ACQUIRER_URL + DONATION_ACQUIRER_TOKEN (a real card acquirer; unset means
 * the labelled sandbox) and the PIX_* settings of API Pix (modules/pix).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { getPixService, sandboxAllowed } from '../pix/pix.service';
import { createAcquirer } from './adapters';
import { eventRoutes } from './events.routes';
import { publicRoutes } from './public.routes';
import { reportRoutes } from './reports.routes';

export async function donationsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const acquirer = createAcquirer(opts.env);
  await app.register(eventRoutes, { db: opts.db.db, files: opts.files, acquirer, publicUrl: opts.config.publicUrl });
  await app.register(reportRoutes, { db: opts.db.db, files: opts.files });
  await app.register(publicRoutes, { db: opts.db.db, files: opts.files, acquirer, pix: getPixService(opts), sandboxPayments: sandboxAllowed(opts.env), env: opts.env, jobs: app.jobs });
}
