/**
 * Per-user access limits (spec 001 §2.7, §6, §7 "Access limits"), role LimitarAcessoCategoriaProduto.
 * A user with limits in a place reaches only the products listed (GetProductsFromLocal applies it);
 * removing them all gives every product back. The spec's `storeId` is the place (localClienteId).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_MSG } from '../../../shared/products';
import { ACCESS_LIMIT_MSG } from '../../../shared/access-limits';
import { errorBody } from '../../../shared/contract/common';
import { messageResponse } from '../../../shared/contract/products';
import {
  accessLimitList,
  limitAddCategoryQuery,
  limitAddCategoryResponse,
  limitDeleteAllBody,
  limitDeleteProductBody,
  limitStoreParams,
  type AccessLimit,
} from '../../../shared/contract/access-limits';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { productCategories, products } from '../../db/schema/products';
import { productAccessLimits } from '../../db/schema/access-limits';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';

export const LIMIT_ROLE = 'LimitarAcessoCategoriaProduto';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function accessLimitRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get('/api/LimitAccessProduct/:storeId', { schema: { params: limitStoreParams, response: { 200: accessLimitList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.storeId, LIMIT_ROLE);
    const rows = await db
      .select({ userId: users.id, username: users.name, email: users.email, productId: products.id, product: products.name })
      .from(productAccessLimits)
      .innerJoin(users, eq(users.id, productAccessLimits.userId))
      .innerJoin(products, eq(products.id, productAccessLimits.productId))
      .where(eq(productAccessLimits.venueId, venueId))
      .orderBy(asc(users.name), asc(users.id), asc(products.searchName));
    const byUser = new Map<string, AccessLimit>();
    for (const r of rows) {
      let u = byUser.get(r.userId);
      if (!u) byUser.set(r.userId, (u = { userId: r.userId, username: r.username, email: r.email, quantity: 0, products: [] }));
      u.products.push({ id: r.productId, product: r.product });
      u.quantity++;
    }
    return [...byUser.values()];
  });

  app.delete('/api/LimitAccessProduct/deleteProduct', { schema: { body: limitDeleteProductBody, response: { 200: messageResponse, ...errors } } }, async (req) => {
    requireUser(req);
    const [p] = await db.select({ venueId: products.venueId }).from(products).where(eq(products.id, req.body.productId));
    if (!p) throw new HttpError(404, ACCESS_LIMIT_MSG.limitProductRemoveFailed);
    await requireVenueOf(db, req, p.venueId, LIMIT_ROLE, ACCESS_LIMIT_MSG.limitProductRemoveFailed);
    const deleted = await db
      .delete(productAccessLimits)
      .where(and(eq(productAccessLimits.productId, req.body.productId), eq(productAccessLimits.userId, req.body.userId), eq(productAccessLimits.venueId, p.venueId)))
      .returning({ id: productAccessLimits.productId });
    if (!deleted.length) throw new HttpError(404, ACCESS_LIMIT_MSG.limitProductRemoveFailed);
    return { Message: ACCESS_LIMIT_MSG.limitProductRemoved };
  });

  app.delete('/api/LimitAccessProduct/deleteAllProducts', { schema: { body: limitDeleteAllBody, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.body.storeId, LIMIT_ROLE);
    await db.delete(productAccessLimits).where(and(eq(productAccessLimits.venueId, venueId), eq(productAccessLimits.userId, req.body.userId)));
    return { Message: ACCESS_LIMIT_MSG.limitsRemovedAll };
  });

  app.post(
    '/api/LimitAccessProduct/addCategory',
    { schema: { querystring: limitAddCategoryQuery, response: { 201: limitAddCategoryResponse, ...errors } } },
    async (req, reply) => {
      requireUser(req);
      const [c] = await db.select({ venueId: productCategories.venueId }).from(productCategories).where(eq(productCategories.id, req.query.categoryId));
      if (!c) throw new HttpError(404, PRODUCT_MSG.categoryNotFound);
      const { venueId } = await requireVenueOf(db, req, c.venueId, LIMIT_ROLE, PRODUCT_MSG.categoryNotFound);
      const [member] = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.venueId, venueId), eq(memberships.userId, req.query.userId)));
      if (!member) throw new HttpError(400, ACCESS_LIMIT_MSG.limitUserNotMember);
      const list = await db.select({ id: products.id }).from(products).where(and(eq(products.venueId, venueId), eq(products.categoryId, req.query.categoryId)));
      if (!list.length) throw new HttpError(400, ACCESS_LIMIT_MSG.limitCategoryEmpty);
      await db
        .insert(productAccessLimits)
        .values(list.map((p) => ({ venueId, userId: member.id, productId: p.id })))
        .onConflictDoNothing();
      return reply.status(201).send({ Message: ACCESS_LIMIT_MSG.limitProductsAdded, quantity: list.length });
    },
  );
}
