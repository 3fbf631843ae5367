/** Registers "Minha conta" (issue 24, item 4). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { accountRoutes } from './account.routes';

export async function accountPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  accountRoutes(app, { db: opts.db.db });
}
