/**
 * Product categories of a place (/produtos/categorias, issue 24) on the catalogue's table
 * (`product_categories`), so the product wizard and edit form see every change. Names are unique
 * per place, case-insensitively, because the wizard resolves a typed name to an existing category;
 * a category with products cannot be deleted (409 naming how many). Reads: every member;
 * changes: a manager role (the catalogue's write rule in src/shared/permissions.ts).
 */
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productCategoryInput, productCategoryList } from '../../../shared/contract/product-categories';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../../shared/contract/registry';
import { MSG } from '../../../shared/messages';
import { PRODUCT_CATEGORY_MSG as M } from '../../../shared/product-categories';
import { defaultCategoryImage, straightenApostrophes } from '../../../shared/products';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';
import { findVenueRow, refuseDuplicateName, registryErrors } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';

const errors = registryErrors;

export function productCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const refuseDuplicate = (venueId: string, name: string, exceptId?: string) =>
    refuseDuplicateName(db, productCategories, productCategories.name, venueId, name, exceptId, { path: 'nome', message: M.duplicate });

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
    const row = await findVenueRow(db, req, productCategories, req.params.id, M.notFound);
    if (req.body.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    const name = straightenApostrophes(req.body.nome);
    await refuseDuplicate(row.venueId, name, row.id);
    await db.update(productCategories).set({ name }).where(eq(productCategories.id, row.id));
    return { id: row.id, Message: M.saved };
  });

  app.delete('/api/CategoriaProduto/:id', { schema: { params: registryIdParams, response: { 200: registryMessage, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, productCategories, req.params.id, M.notFound);
    const [{ n }] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, row.id));
    if (n > 0) throw new HttpError(409, M.hasProducts(n));
    await db.delete(productCategories).where(eq(productCategories.id, row.id));
    return { Message: M.deleted };
  });
}
