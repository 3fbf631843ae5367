/** Registers the product categories page's calls (issue 24). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { productCategoryRoutes } from './product-categories.routes';

export async function productCategoriesPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  productCategoryRoutes(app, { db: opts.db.db });
}
