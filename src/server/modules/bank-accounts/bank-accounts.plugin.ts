/** Registers the bank accounts of a place (issue 24). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { bankAccountRoutes } from './bank-accounts.routes';

export async function bankAccountsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  bankAccountRoutes(app, { db: opts.db.db });
}
