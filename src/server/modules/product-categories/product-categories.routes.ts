/**
 * Product categories of a place (/produtos/categorias, issue 24) on the catalogue's table
 * (`product_categories`), so the product wizard and edit form see every change. Names are unique
 * per place, case-insensitively, because the wizard resolves a typed name to an existing category;
 * a category with products cannot be deleted (409 naming how many). Reads: every member;
 * changes: a manager role (the catalogue's write rule in src/shared/permissions.ts).
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { PRODUCT_CATEGORY_PATHS, productCategoryInput, productCategoryList } from '../../../shared/contract/product-categories';
import { PRODUCT_CATEGORY_MSG as M } from '../../../shared/product-categories';
import { defaultCategoryImage, straightenApostrophes } from '../../../shared/products';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';
import { namedRegistry, namesWithUse, registryRoutes } from '../../lib/registry';

type Body = z.output<typeof productCategoryInput>;

export function productCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const name = { column: productCategories.name, field: 'nome', duplicate: M.duplicate, of: (b: Body) => straightenApostrophes(b.nome) };
  const named = namedRegistry(db, productCategories, name, (b) => ({ name: name.of(b) }));
  registryRoutes(fastify, db, {
    paths: PRODUCT_CATEGORY_PATHS,
    table: productCategories,
    input: productCategoryInput,
    msg: M,
    listAnswer: productCategoryList,
    list: async (venueId) =>
      (await namesWithUse(db, productCategories, productCategories.name, products.categoryId, venueId)).map((r) => ({ id: r.id, nome: r.name, quantidadeProdutos: r.uses })),
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
