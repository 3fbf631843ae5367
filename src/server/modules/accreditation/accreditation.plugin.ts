/** Registers acquirer accreditation (spec 001 §2.15 admin pages) with the configured provider. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createAccreditationProvider } from './adapters';
import { defineProposalSettleJob } from './accreditation-proposals';
import { accreditationRoutes } from './accreditation.routes';

export async function accreditationPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const provider = await createAccreditationProvider(opts.env);
  accreditationRoutes(app, { db: opts.db.db, provider });
  defineProposalSettleJob(app.jobs, opts.db.db, provider);
}
