/** Skipped products (src/shared/skipped-products.ts): the venue's list and dismissing one notice. */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { skippedProductDeleted, skippedProductList, skippedProductListQuery, skippedProductParams } from '../../../shared/contract/skipped-products';
import { SKIPPED_PRODUCT_MSG, SKIPPED_PRODUCT_PATHS, SKIPPED_PRODUCT_ROLE } from '../../../shared/skipped-products';
import type { Db } from '../../db/client';
import { skippedProducts } from '../../db/schema/skipped-products';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function skippedProductRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(SKIPPED_PRODUCT_PATHS.list, { schema: { querystring: skippedProductListQuery, response: { 200: skippedProductList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, SKIPPED_PRODUCT_ROLE);
    const rows = await db
      .select()
      .from(skippedProducts)
      .where(eq(skippedProducts.venueId, venueId))
      .orderBy(desc(skippedProducts.skippedAt), desc(skippedProducts.id))
      .limit(500);
    return rows.map((r) => ({
      id: r.id,
      produtoId: r.productId,
      nomeProduto: r.productName,
      lista: r.listName,
      equipamento: r.equipmentName,
      motivo: r.reason,
      data: r.skippedAt.toISOString(),
    }));
  });

  app.delete(SKIPPED_PRODUCT_PATHS.one(':id'), { schema: { params: skippedProductParams, response: { 200: skippedProductDeleted, ...errors } } }, async (req) => {
    requireUser(req);
    const [row] = await db.select({ venueId: skippedProducts.venueId }).from(skippedProducts).where(eq(skippedProducts.id, req.params.id));
    if (!row) throw new HttpError(404, SKIPPED_PRODUCT_MSG.notFound);
    // Another venue's notice: 403 like every venue check (the member learns nothing about it).
    const { venueId } = await requireVenueOf(db, req, row.venueId, SKIPPED_PRODUCT_ROLE, SKIPPED_PRODUCT_MSG.notFound);
    const gone = await db.delete(skippedProducts).where(and(eq(skippedProducts.id, req.params.id), eq(skippedProducts.venueId, venueId))).returning({ id: skippedProducts.id });
    if (!gone.length) throw new HttpError(404, SKIPPED_PRODUCT_MSG.notFound);
    return { Message: SKIPPED_PRODUCT_MSG.deleted };
  });
}
