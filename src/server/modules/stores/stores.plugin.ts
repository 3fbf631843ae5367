/** Registers the stores area: stores, their categories, sectors, users, hours and open/close. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createImageStorage } from '../products/image-storage';
import { storeRoutes } from './stores.routes';

export async function storesPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  storeRoutes(app, { db: opts.db.db, images: createImageStorage(opts.files) });
}
