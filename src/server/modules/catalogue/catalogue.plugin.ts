/**
 * Registers every route of the catalogue module: products, categories, add-ons and observations,
 * owner settings, images, stores and access limits. Images live under `{dataDir}/uploads`.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { accessLimitRoutes } from './access-limits.routes';
import { createImageStorage } from './image-storage';
import { ownerRoutes } from './owner.routes';
import { productRoutes } from './products.routes';
import { storeRoutes } from './stores.routes';

export async function cataloguePlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const db = opts.db.db;
  const images = createImageStorage(opts.config.dataDir);
  productRoutes(app, { db, images });
  ownerRoutes(app, { db });
  storeRoutes(app, { db, images });
  accessLimitRoutes(app, { db });
}
