/**
 * Finance module (spec 001 §2.15, money-movement half): transaction processing, totem, withdrawals,
 * remittance, bank transfer, Pix and the ERP dashboard, on the ledger in db/schema/finance.ts and
 * behind the acquirer, bank and ERP adapters (sandbox unless configured).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { FINANCE_PATHS, localQuery, providersAnswer } from '../../../shared/contract/finance';
import { requireVenue } from '../../plugins/auth';
import type { ModuleOptions } from '../module-options';
import { getPixService } from '../pix/pix.service';
import { createAcquirer, createBank, createErp } from './adapters';
import { ledgerPixSource } from './adapters/sandbox';
import { erpRoutes } from './erp.routes';
import { defineErpSettleJob } from './erp-exports';
import { pixRoutes } from './pix.routes';
import { definePixRefundJob } from './pix-refund-job';
import { transactionRoutes } from './transactions.routes';
import { withdrawalRoutes } from './withdrawals.routes';

export async function financePlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const db = opts.db.db;
  const pix = getPixService(opts);
  // The sandbox PSP knows the ledger's Pix (see ledgerPixSource); a real PSP knows its own.
  pix.loopback?.addPixSource(ledgerPixSource(db));
  const acquirer = createAcquirer(opts.env, pix);
  const bank = createBank(opts.env);
  const erp = createErp(opts.env);
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${FINANCE_PATHS.providers}`,
    { schema: { querystring: localQuery, response: { 200: providersAnswer, 403: errorBody, 401: errorBody, 400: errorBody } } },
    async (req) => {
      await requireVenue(db, req, req.query.localId.toLowerCase());
      const info = (a: { name: string; sandbox: boolean; notConfigured?: string }) => ({ name: a.name, sandbox: a.sandbox, notConfigured: a.notConfigured ?? null });
      return { acquirer: info(acquirer), bank: info(bank), erp: info(erp) };
    },
  );
  transactionRoutes(app, { db, acquirer });
  withdrawalRoutes(app, { db, files: opts.files, mailer: opts.mailer, bank });
  pixRoutes(app, { db, acquirer, jobs: app.jobs });
  definePixRefundJob(app.jobs, db, acquirer);
  erpRoutes(app, { db, erp });
  defineErpSettleJob(app.jobs, db, erp);
}
