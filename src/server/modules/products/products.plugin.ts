/**
 * Registers the products area: products, categories, add-ons and observations, owner settings,
 * the ticket events a ticket product picks, and images. Images live in the shared file storage (lib/file-storage.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createImageStorage } from './image-storage';
import { ownerRoutes } from './owner.routes';
import { productRoutes } from './products.routes';
import { skippedProductRoutes } from './skipped-products.routes';
import { ticketEventRoutes } from './ticket-events.routes';

export async function productsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const db = opts.db.db;
  productRoutes(app, { db, images: createImageStorage(opts.files) });
  ownerRoutes(app, { db });
  skippedProductRoutes(app, { db });
  ticketEventRoutes(app, { db });
}
