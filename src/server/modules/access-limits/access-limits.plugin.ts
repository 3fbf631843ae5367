/** Registers the access-limits area: which products a user may reach in a venue. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { accessLimitRoutes } from './access-limits.routes';

export async function accessLimitsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  accessLimitRoutes(app, { db: opts.db.db });
}
