/**
 * Customer categories of a place (/cadastro/categoriaClientes, issue 24), on the customer
 * registry's own table: a customer's `categoriaClienteEstabelecimentoId` points here, and deleting a
 * category leaves its customers without one (the foreign key sets null). Reads: every member (the
 * spec shows no role); changes: a manager role (src/shared/permissions.ts).
 */
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerCategoryInput, customerCategoryList } from '../../../shared/contract/customer-categories';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../../shared/contract/registry';
import { CUSTOMER_CATEGORY_MSG as M } from '../../../shared/customer-categories';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { customerCategories, customers } from '../../db/schema/customers';
import { HttpError } from '../../lib/http-error';
import { findVenueRow, refuseDuplicateName, registryErrors } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';

const errors = registryErrors;

export function customerCategoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const refuseDuplicate = (venueId: string, description: string, exceptId?: string) =>
    refuseDuplicateName(db, customerCategories, customerCategories.description, venueId, description, exceptId, { path: 'descricao', message: M.duplicate });

  app.get('/api/ClienteEstabelecimento/CategoriasCliente/:localId', { schema: { params: registryLocalParams, response: { 200: customerCategoryList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    return db
      .select({ id: customerCategories.id, descricao: customerCategories.description, quantidadeClientes: count(customers.id) })
      .from(customerCategories)
      .leftJoin(customers, eq(customers.categoryId, customerCategories.id))
      .where(eq(customerCategories.venueId, venueId))
      .groupBy(customerCategories.id, customerCategories.description)
      .orderBy(asc(customerCategories.description));
  });

  app.post('/api/ClienteEstabelecimento/CategoriaCliente', { schema: { body: customerCategoryInput, response: { 201: registrySaved, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId);
    await refuseDuplicate(venueId, req.body.descricao);
    const [row] = await db.insert(customerCategories).values({ venueId, description: req.body.descricao }).returning({ id: customerCategories.id });
    return reply.status(201).send({ id: row.id, Message: M.created });
  });

  app.put('/api/ClienteEstabelecimento/CategoriaCliente/:id', { schema: { params: registryIdParams, body: customerCategoryInput, response: { 200: registrySaved, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, customerCategories, req.params.id, M.notFound);
    if (req.body.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    await refuseDuplicate(row.venueId, req.body.descricao, row.id);
    await db.update(customerCategories).set({ description: req.body.descricao }).where(eq(customerCategories.id, row.id));
    return { id: row.id, Message: M.saved };
  });

  app.delete('/api/ClienteEstabelecimento/CategoriaCliente/:id', { schema: { params: registryIdParams, response: { 200: registryMessage, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, customerCategories, req.params.id, M.notFound);
    await db.delete(customerCategories).where(eq(customerCategories.id, row.id));
    return { Message: M.deleted };
  });
}
