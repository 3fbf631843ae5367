/**
 * Cashless module: negative balance and recharge planning, user import, credit-card verification
 * and electronic extracts (spec 001 §2.6, §2.8-2.10). Multipart parsing is registered here, in this
 * plugin's own scope, unless an outer scope already did.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createCardVerifier } from './adapters';
import { cardRoutes } from './cards.routes';
import { extractRoutes } from './extracts.routes';
import { importRoutes } from './import.routes';
import { negativeBalanceRoutes } from './negative-balance.routes';

export async function cashlessPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const db = opts.db.db;
  const files = opts.files;
  negativeBalanceRoutes(app, { db, files });
  importRoutes(app, { db, files });
  cardRoutes(app, { db, files, verifier: createCardVerifier(opts.env) });
  extractRoutes(app, { db, files, delayMs: Number(opts.env.EXTRACT_PROCESS_DELAY_MS ?? 0) || 0, log: (err) => app.log.error({ err }, 'electronic extract processing failed') });
}
