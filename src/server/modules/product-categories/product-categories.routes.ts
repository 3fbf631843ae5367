/**
 * Product categories of a place (/produtos/categorias, issue 24) on the catalogue's table
 * (`product_categories`), so the product wizard and edit form see every change. Names are unique
 * per place, case-insensitively, because the wizard resolves a typed name to an existing category;
 * a category with products cannot be deleted (409 naming how many). Reads: every member;
 * changes: a manager role (the catalogue's write rule in src/shared/permissions.ts).
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { productCategoryInput, productCategoryList } from '../../../shared/contract/product-categories';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../../shared/contract/registry';
import { MSG } from '../../../shared/messages';
import { PRODUCT_CATEGORY_MSG as M } from '../../../shared/product-categories';
import { defaultCategoryImage, straightenApostrophes } from '../../../shared/products';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';
import { requireVenue, requireVenueOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function productCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  async function findRow(id: string) {
    const [row] = UUID_RE.test(id) ? await db.select().from(productCategories).where(eq(productCategories.id, id)) : [];
    if (!row) throw new HttpError(404, M.notFound);
    return row;
  }

  async function refuseDuplicate(venueId: string, name: string, exceptId?: string) {
    const [dup] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.venueId, venueId), sql`lower(${productCategories.name}) = lower(${name})`, exceptId ? ne(productCategories.id, exceptId) : undefined));
    if (dup) throw new HttpError(409, M.duplicate, { errors: [{ path: 'nome', message: M.duplicate }] });
  }

  app.get('/api/CategoriaProduto/DoLocal/:localId', { schema: { params: registryLocalParams, response: { 200: productCategoryList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    return db
      .select({ id: productCategories.id, nome: productCategories.name, quantidadeProdutos: count(products.id) })
      .from(productCategories)
      .leftJoin(products, eq(products.categoryId, productCategories.id))
      .where(eq(productCategories.venueId, venueId))
      .groupBy(productCategories.id, productCategories.name)
      .orderBy(asc(productCategories.name));
  });

  app.post('/api/CategoriaProduto', { schema: { body: productCategoryInput, response: { 201: registrySaved, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId);
    const name = straightenApostrophes(req.body.nome);
    await refuseDuplicate(venueId, name);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(productCategories).values({ venueId, name }).returning({ id: productCategories.id });
      // The same default image the wizard gives a category it creates.
      await tx.update(productCategories).set({ imageUrl: defaultCategoryImage(venueId, row.id) }).where(eq(productCategories.id, row.id));
      return row.id;
    });
    return reply.status(201).send({ id, Message: M.created });
  });

  app.put('/api/CategoriaProduto/:id', { schema: { params: registryIdParams, body: productCategoryInput, response: { 200: registrySaved, ...errors } } }, async (req) => {
    const row = await findRow(req.params.id);
    await requireVenueOf(db, req, row.venueId, '', M.notFound);
    if (req.body.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    const name = straightenApostrophes(req.body.nome);
    await refuseDuplicate(row.venueId, name, row.id);
    await db.update(productCategories).set({ name }).where(eq(productCategories.id, row.id));
    return { id: row.id, Message: M.saved };
  });

  app.delete('/api/CategoriaProduto/:id', { schema: { params: registryIdParams, response: { 200: registryMessage, ...errors } } }, async (req) => {
    const row = await findRow(req.params.id);
    await requireVenueOf(db, req, row.venueId, '', M.notFound);
    const [{ n }] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, row.id));
    if (n > 0) throw new HttpError(409, M.hasProducts(n));
    await db.delete(productCategories).where(eq(productCategories.id, row.id));
    return { Message: M.deleted };
  });
}
