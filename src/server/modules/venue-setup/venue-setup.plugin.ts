/**
 * Registers every route of the venue-setup module: food configuration, address, states and cities,
 * the postal-code lookup, marketplace integration and sales points.
 * Settings: POSTAL_CODE_URL (ViaCEP-shaped service, default https://viacep.com.br/ws) and
 * POSTAL_CODE_TIMEOUT_MS (default 5000).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { foodConfigRoutes } from './food-config.routes';
import { createPostalCodeAdapter } from './postal-code';
import { salesPointRoutes } from './sales-points.routes';

export async function venueSetupPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const postalCode = createPostalCodeAdapter({
    baseUrl: opts.env.POSTAL_CODE_URL,
    timeoutMs: Number(opts.env.POSTAL_CODE_TIMEOUT_MS) || undefined,
  });
  await app.register(foodConfigRoutes, { db: opts.db.db, postalCode });
  await app.register(salesPointRoutes, { db: opts.db.db });
}
