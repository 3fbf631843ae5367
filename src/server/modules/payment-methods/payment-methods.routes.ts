/**
 * Payment methods of a place (/cadastro/formasPagamento, issue 24). The spec shows no role for the
 * page: every member reads the list; changes need a manager role (src/shared/permissions.ts, the
 * rule for writes not listed). Names are unique per place, case-insensitively.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYMENT_METHOD_PATHS, paymentMethodInput, paymentMethodList, type PaymentMethodInput } from '../../../shared/contract/payment-methods';
import { registryLocalParams } from '../../../shared/contract/registry';
import { PAYMENT_METHOD_MSG as M } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { paymentMethods } from '../../db/schema/payment-methods';
import { namedRegistry, registryErrors, registryWriteRoutes } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';

const errors = registryErrors;

export function paymentMethodRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get('/api/FormaPagamento/BuscarDoLocal/:localId', { schema: { params: registryLocalParams, response: { 200: paymentMethodList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.venueId, venueId)).orderBy(asc(paymentMethods.name));
    return rows.map((r) => ({ id: r.id, descricao: r.name, tipo: r.kind, ativo: r.active }));
  });

  const name = { column: paymentMethods.name, field: 'descricao', duplicate: M.duplicate, of: (b: PaymentMethodInput) => b.descricao };
  const writes = namedRegistry(db, paymentMethods, name, (b) => ({ name: b.descricao.trim(), kind: b.tipo, active: b.ativo }));
  registryWriteRoutes(fastify, db, { paths: PAYMENT_METHOD_PATHS, table: paymentMethods, input: paymentMethodInput, msg: M, ...writes });
}
