/**
 * Payment methods of a place (/cadastro/formasPagamento, issue 24). The spec shows no role for the
 * page: every member reads the list; changes need a manager role (src/shared/permissions.ts, the
 * rule for writes not listed). Names are unique per place, case-insensitively.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentMethodInput, paymentMethodList, type PaymentMethodInput } from '../../../shared/contract/payment-methods';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../../shared/contract/registry';
import { MSG } from '../../../shared/messages';
import { PAYMENT_METHOD_MSG as M } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { paymentMethods } from '../../db/schema/payment-methods';
import { HttpError } from '../../lib/http-error';
import { findVenueRow, refuseDuplicateName, registryErrors } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';

const errors = registryErrors;

export function paymentMethodRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const refuseDuplicate = (venueId: string, name: string, exceptId?: string) =>
    refuseDuplicateName(db, paymentMethods, paymentMethods.name, venueId, name, exceptId, { path: 'descricao', message: M.duplicate });

  const values = (b: PaymentMethodInput) => ({ name: b.descricao.trim(), kind: b.tipo, active: b.ativo });

  app.get('/api/FormaPagamento/BuscarDoLocal/:localId', { schema: { params: registryLocalParams, response: { 200: paymentMethodList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.venueId, venueId)).orderBy(asc(paymentMethods.name));
    return rows.map((r) => ({ id: r.id, descricao: r.name, tipo: r.kind, ativo: r.active }));
  });

  app.post('/api/FormaPagamento', { schema: { body: paymentMethodInput, response: { 201: registrySaved, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId);
    await refuseDuplicate(venueId, req.body.descricao);
    const [row] = await db.insert(paymentMethods).values({ venueId, ...values(req.body) }).returning({ id: paymentMethods.id });
    return reply.status(201).send({ id: row.id, Message: M.created });
  });

  app.put('/api/FormaPagamento/:id', { schema: { params: registryIdParams, body: paymentMethodInput, response: { 200: registrySaved, ...errors } } }, async (req) => {
    // The row's own place decides, whatever place the body names.
    const row = await findVenueRow(db, req, paymentMethods, req.params.id, M.notFound);
    if (req.body.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    await refuseDuplicate(row.venueId, req.body.descricao, row.id);
    await db.update(paymentMethods).set(values(req.body)).where(eq(paymentMethods.id, row.id));
    return { id: row.id, Message: M.saved };
  });

  app.delete('/api/FormaPagamento/:id', { schema: { params: registryIdParams, response: { 200: registryMessage, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, paymentMethods, req.params.id, M.notFound);
    await db.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
    return { Message: M.deleted };
  });
}
