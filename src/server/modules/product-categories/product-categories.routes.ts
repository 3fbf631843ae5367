/**
 * Product categories of a place (/produtos/categorias, issue 24) on the catalogue's table
 * (`product_categories`), so the product wizard and edit form see every change. Names are unique
 * per place, case-insensitively, because the wizard resolves a typed name to an existing category;
 * a category with products cannot be deleted (409 naming how many). Reads: every member;
 * changes: a manager role (the catalogue's write rule in src/shared/permissions.ts).
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { PRODUCT_CATEGORY_PATHS, productCategoryInput, productCategoryList } from '../../../shared/contract/product-categories';
import { registryLocalParams } from '../../../shared/contract/registry';
import { PRODUCT_CATEGORY_MSG as M } from '../../../shared/product-categories';
import { defaultCategoryImage, straightenApostrophes } from '../../../shared/products';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';
import { namedRegistry, namesWithUse, registryErrors, registryWriteRoutes } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';

const errors = registryErrors;
type Body = z.output<typeof productCategoryInput>;

export function productCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get('/api/CategoriaProduto/DoLocal/:localId', { schema: { params: registryLocalParams, response: { 200: productCategoryList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    const rows = await namesWithUse(db, productCategories, productCategories.name, products.categoryId, venueId);
    return rows.map((r) => ({ id: r.id, nome: r.name, quantidadeProdutos: r.uses }));
  });

  const name = { column: productCategories.name, field: 'nome', duplicate: M.duplicate, of: (b: Body) => straightenApostrophes(b.nome) };
  const named = namedRegistry(db, productCategories, name, (b) => ({ name: name.of(b) }));
  registryWriteRoutes(fastify, db, {
    paths: PRODUCT_CATEGORY_PATHS,
    table: productCategories,
    input: productCategoryInput,
    msg: M,
    refuseDuplicate: named.refuseDuplicate,
    async save(venueId, b, id) {
      if (id) return named.save(venueId, b, id);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(productCategories).values({ venueId, name: name.of(b) }).returning({ id: productCategories.id });
        // The same default image the wizard gives a category it creates.
        await tx.update(productCategories).set({ imageUrl: defaultCategoryImage(venueId, row.id) }).where(eq(productCategories.id, row.id));
        return row.id;
      });
    },
    async remove(row) {
      const [{ n }] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, row.id));
      if (n > 0) throw new HttpError(409, M.hasProducts(n));
      await named.remove(row);
    },
  });
}
