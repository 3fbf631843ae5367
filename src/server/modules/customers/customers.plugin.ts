/** Registers the customer registry's routes (spec 000 §7 Customers). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { customerRoutes } from './customers.routes';

export async function customersPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  customerRoutes(app, { db: opts.db.db, files: opts.files });
}
