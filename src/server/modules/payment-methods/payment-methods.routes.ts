/**
 * Payment methods of a place (/cadastro/formasPagamento, issue 24). The spec shows no role for the
 * page: every member reads the list; changes need a manager role (src/shared/permissions.ts, the
 * rule for writes not listed). Names are unique per place, case-insensitively.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_METHOD_PATHS, paymentMethodInput, paymentMethodList, type PaymentMethodInput } from '../../../shared/contract/payment-methods';
import { PAYMENT_METHOD_MSG as M } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { paymentMethods } from '../../db/schema/payment-methods';
import { namedRegistry, registryRoutes } from '../../lib/registry';

export function paymentMethodRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const name = { column: paymentMethods.name, field: 'descricao', duplicate: M.duplicate, of: (b: PaymentMethodInput) => b.descricao };
  registryRoutes(fastify, db, {
    paths: PAYMENT_METHOD_PATHS,
    table: paymentMethods,
    input: paymentMethodInput,
    msg: M,
    listAnswer: paymentMethodList,
    async list(venueId) {
      const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.venueId, venueId)).orderBy(asc(paymentMethods.name));
      return rows.map((r) => ({ id: r.id, descricao: r.name, tipo: r.kind, ativo: r.active }));
    },
    ...namedRegistry(db, paymentMethods, name, (b) => ({ name: b.descricao.trim(), kind: b.tipo, active: b.ativo })),
  });
}
