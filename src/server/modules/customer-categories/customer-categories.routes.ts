/**
 * Customer categories of a place (/cadastro/categoriaClientes, issue 24), on the customer
 * registry's own table: a customer's `categoriaClienteEstabelecimentoId` points here, and deleting a
 * category leaves its customers without one (the foreign key sets null). Reads: every member (the
 * spec shows no role); changes: a manager role (src/shared/permissions.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { CUSTOMER_CATEGORY_PATHS, customerCategoryInput, customerCategoryList } from '../../../shared/contract/customer-categories';
import { CUSTOMER_CATEGORY_MSG as M } from '../../../shared/customer-categories';
import type { Db } from '../../db/client';
import { customerCategories, customers } from '../../db/schema/customers';
import { namedRegistry, namesWithUse, registryRoutes } from '../../lib/registry';

type Body = z.output<typeof customerCategoryInput>;

export function customerCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const name = { column: customerCategories.description, field: 'descricao', duplicate: M.duplicate, of: (b: Body) => b.descricao };
  registryRoutes(fastify, db, {
    paths: CUSTOMER_CATEGORY_PATHS,
    table: customerCategories,
    input: customerCategoryInput,
    msg: M,
    listAnswer: customerCategoryList,
    list: async (venueId) =>
      (await namesWithUse(db, customerCategories, customerCategories.description, customers.categoryId, venueId)).map((r) => ({ id: r.id, descricao: r.name, quantidadeClientes: r.uses })),
    ...namedRegistry(db, customerCategories, name, (b) => ({ description: b.descricao })),
  });
}
