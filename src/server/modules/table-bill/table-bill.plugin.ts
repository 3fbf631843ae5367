/** Registers the table's bill (issue 41): the bill, service charge, payments (card, cash, Pix at the table) and closing. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { getPixService, sandboxAllowed } from '../pix/pix.service';
import { tableBillManagerRoutes } from './table-bill.manager.routes';
import { tableBillMathRoutes } from './table-bill.math.routes';
import { tableBillPrintRoutes } from './table-bill.print.routes';
import { tableBillPublicRoutes } from './table-bill.public.routes';
import { tableBillRoutes } from './table-bill.routes';
import { tableBillSplitRoutes } from './table-bill.split.routes';

export async function tableBillPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  tableBillRoutes(app, { db: opts.db.db, pix: getPixService(opts), sandboxPayments: sandboxAllowed(opts.env), env: opts.env, jobs: app.jobs });
  // Pré-conta (issue 41 part B): printing the bill on the venue's printer.
  const pix = getPixService(opts);
  tableBillPrintRoutes(app, { db: opts.db.db, pix: { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' } });
  // The manager's views: open tables, closed bills of a day, reprint (back-office).
  tableBillManagerRoutes(app, { db: opts.db.db, pix: { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' } });
  // The public bill page (the pré-conta's QR) and its Pix.
  tableBillPublicRoutes(app, { db: opts.db.db, pix, sandboxPayments: sandboxAllowed(opts.env), env: opts.env });
  // The split by items (people, their items, their parts).
  tableBillSplitRoutes(app, { db: opts.db.db, pix: { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' } });
  // The bill's math and settings (billmath): the venue's rate and couvert, the couvert's people, discounts.
  tableBillMathRoutes(app, { db: opts.db.db, pix: { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' } });
}
