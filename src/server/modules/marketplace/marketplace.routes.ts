/** Marketplace integration: the store ID orders are fetched with (spec 001 §7 "Marketplace integration"). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { MARKETPLACE_ROLE, marketplaceIntegration, marketplaceSave, marketplaceSaveResponse } from '../../../shared/contract/marketplace';
import type { Db } from '../../db/client';
import { marketplaceIntegrations } from '../../db/schema/marketplace';
import { requireVenue } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const localIdParams = z.object({ localId: z.string().max(64) });

export async function marketplaceRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/MeepFood/IntegracaoMarketplace/:localId',
    { schema: { params: localIdParams, response: { 200: marketplaceIntegration, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId, MARKETPLACE_ROLE);
      const [row] = await db.select().from(marketplaceIntegrations).where(eq(marketplaceIntegrations.id, venueId));
      return { id: venueId, merchantId: row?.merchantId ?? '', isActive: row?.isActive ?? false };
    },
  );

  app.post(
    '/api/MeepFood/IntegracaoMarketplace',
    { schema: { body: marketplaceSave, response: { 200: marketplaceSaveResponse, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.body.id, MARKETPLACE_ROLE);
      const values = { merchantId: req.body.merchantId, isActive: req.body.isActive, updatedAt: new Date() };
      await db
        .insert(marketplaceIntegrations)
        .values({ id: venueId, ...values })
        .onConflictDoUpdate({ target: marketplaceIntegrations.id, set: values });
      return { id: venueId };
    },
  );
}
