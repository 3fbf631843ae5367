/**
 * Registers the food-config area: food configuration, address, states and cities and the
 * postal-code lookup. Settings: STOREFRONT_URL (the storefront's public address), POSTAL_CODE_URL (ViaCEP-shaped service, default
 * https://viacep.com.br/ws) and POSTAL_CODE_TIMEOUT_MS (default 5000).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { foodConfigRoutes } from './food-config.routes';
import { createPostalCodeAdapter } from './postal-code';

export async function foodConfigPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const postalCode = createPostalCodeAdapter({
    baseUrl: opts.env.POSTAL_CODE_URL,
    timeoutMs: Number(opts.env.POSTAL_CODE_TIMEOUT_MS) || undefined,
  });
  await app.register(foodConfigRoutes, { db: opts.db.db, postalCode, env: opts.env });
}
