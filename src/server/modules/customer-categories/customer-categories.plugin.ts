/** Registers the customer categories of a place (issue 24). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { customerCategoryRoutes } from './customer-categories.routes';

export async function customerCategoriesPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  customerCategoryRoutes(app, { db: opts.db.db });
}
