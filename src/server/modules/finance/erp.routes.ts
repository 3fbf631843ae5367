/**
 * ERP integration dashboard (spec 001 §2.15, §7): the venue's mapping, its cash-register sessions,
 * the platform and ERP totals of a session, its pending invoices with their errors, and the
 * reprocess-one and reprocess-all buttons, which the spec leaves unwired and we wire through the ERP
 * adapter (docs/decisions/finance.md).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBody } from '../../../shared/contract/common';
import { erpExportAnswer, erpExportQuery, erpSessionList, erpSessionRequest, erpSessionsQuery, erpSummary, FINANCE_PATHS, pendingInvoiceList } from '../../../shared/contract/finance';
import { centsToReais, ERP_SESSIONS_DEFAULT, FINANCE_MSG, FINANCE_ROLES, isUuid } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { financeErpInvoices, financeErpMappings, financeErpSessions } from '../../db/schema/finance';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue } from '../../plugins/auth';
import type { ErpAdapter } from './adapters';
import { financeKeyOf, sendCommand, type Tx } from './finance.repository';
import { erpExportCommand } from './erp-exports';
import { commandHash, runOnce } from '../../lib/once';
import { ORDER_MSG } from '../../../shared/orders';
import { venueOfObject } from './finance-venue';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
type InvoiceRow = typeof financeErpInvoices.$inferSelect;

export function erpRoutes(fastify: FastifyInstance, opts: { db: Db; erp: ErpAdapter }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, erp } = opts;

  /** A reprocess on runOnce (erp-exports.ts): the key and the sends commit first, the ERP is called after. */
  async function reprocess(req: FastifyRequest, reply: FastifyReply, venueId: string, payload: unknown, single: boolean, pick: (tx: Tx) => Promise<InvoiceRow[]>) {
    const cmd = erpExportCommand(db, erp, { venueId, user: requireUser(req), key: financeKeyOf(req), hash: commandHash(`finance:${single ? 'erp-export' : 'erp-export-all'}`, payload), mismatchMessage: ORDER_MSG.idempotencyMismatch, single, pick });
    return sendCommand(reply, await runOnce(db, cmd));
  }

  async function mapped(venueId: string) {
    const [m] = await db.select().from(financeErpMappings).where(eq(financeErpMappings.venueId, venueId));
    if (!m) throw new HttpError(404, FINANCE_MSG.noErpMapping);
    return m;
  }
  async function session(venueId: string, sessionId: string) {
    const [s] = await db.select().from(financeErpSessions).where(and(eq(financeErpSessions.venueId, venueId), eq(financeErpSessions.id, sessionId)));
    if (!s) throw new HttpError(404, FINANCE_MSG.sessionRequired);
    return s;
  }
  app.get(`/${FINANCE_PATHS.erpMapping}/:localId`, { schema: { params: z.object({ localId: z.string().check(z.maxLength(80)) }), response: { 200: z.object({ erp: z.string() }), ...errors } } }, async (req) => {
    if (!isUuid(req.params.localId)) throw new HttpError(403, FINANCE_MSG.noErpMapping);
    const { venueId } = await requireVenue(db, req, req.params.localId.toLowerCase(), FINANCE_ROLES.support);
    const m = await mapped(venueId);
    return { erp: m.erp };
  });

  app.get(`/${FINANCE_PATHS.erpSessions}`, { schema: { querystring: erpSessionsQuery, response: { 200: erpSessionList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId.toLowerCase(), FINANCE_ROLES.support);
    const rows = await db
      .select()
      .from(financeErpSessions)
      .where(eq(financeErpSessions.venueId, venueId))
      .orderBy(desc(financeErpSessions.openedAt))
      .limit(Math.min(req.query.quantidade ?? ERP_SESSIONS_DEFAULT, 100));
    return rows.map((r) => ({ sessaoId: r.id, sessaoNome: r.name }));
  });

  app.post(`/${FINANCE_PATHS.erpIntegrated}`, { schema: { body: erpSessionRequest, response: { 200: erpSummary, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.body.localId.toLowerCase(), FINANCE_ROLES.support);
    await mapped(venueId);
    const s = await session(venueId, req.body.sessionId.toLowerCase());
    const [t] = await db
      .select({
        orders: sql<number>`count(*)::int`,
        value: sql<number>`coalesce(sum(${financeErpInvoices.totalCents}), 0)::bigint`,
        erpOrders: sql<number>`count(*) filter (where ${financeErpInvoices.status} = 'integrated')::int`,
        erpValue: sql<number>`coalesce(sum(${financeErpInvoices.totalCents}) filter (where ${financeErpInvoices.status} = 'integrated'), 0)::bigint`,
        erpDiscount: sql<number>`coalesce(sum(${financeErpInvoices.discountCents}) filter (where ${financeErpInvoices.status} = 'integrated'), 0)::bigint`,
      })
      .from(financeErpInvoices)
      .where(eq(financeErpInvoices.sessionId, s.id));
    return {
      totalOrdersSession: t.orders,
      totalValueOrdersSession: centsToReais(Number(t.value)),
      totalOrdersOnSankhya: t.erpOrders,
      totalValueOrdersOnSankhya: centsToReais(Number(t.erpValue)),
      totalDiscontOrdersOnSankhya: centsToReais(Number(t.erpDiscount)),
    };
  });

  app.post(`/${FINANCE_PATHS.erpPending}`, { schema: { body: erpSessionRequest, response: { 200: pendingInvoiceList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.body.localId.toLowerCase(), FINANCE_ROLES.support);
    await mapped(venueId);
    const s = await session(venueId, req.body.sessionId.toLowerCase());
    const rows = await db
      .select()
      .from(financeErpInvoices)
      .where(and(eq(financeErpInvoices.sessionId, s.id), eq(financeErpInvoices.status, 'pending')))
      .orderBy(asc(financeErpInvoices.orderDate));
    return rows.map((r) => ({
      id: r.id,
      orderDate: r.orderDate.toISOString(),
      items: r.items.map((i) => ({ quantity: i.quantity, name: i.name, value: centsToReais(i.valueCents) })),
      errors: r.errors,
      totalPayment: centsToReais(r.totalCents),
    }));
  });

  // §7: the list body is empty; the invoice comes in the query string (the venue is ours, optional).
  app.post(`/${FINANCE_PATHS.erpExport}`, { schema: { querystring: erpExportQuery, body: z.optional(z.nullable(z.array(z.unknown()).check(z.maxLength(0)))), response: { 200: erpExportAnswer, 202: erpExportAnswer, ...errors } } }, async (req, reply) => {
    const id = req.query.invoiceId.toLowerCase();
    // §7 names the invoice only: the venue is the invoice's unless ours is given.
    const { venueId } = await venueOfObject(db, req, {
      given: req.query.localId,
      role: FINANCE_ROLES.support,
      notFound: FINANCE_MSG.erpInvoiceNotFound,
      lookup: async () => (await db.select({ venueId: financeErpInvoices.venueId }).from(financeErpInvoices).where(eq(financeErpInvoices.id, id)))[0]?.venueId,
    });
    await mapped(venueId);
    return reprocess(req, reply, venueId, { id }, true, async (tx) => {
      const [inv] = await tx
        .select()
        .from(financeErpInvoices)
        .where(and(eq(financeErpInvoices.venueId, venueId), eq(financeErpInvoices.id, id), eq(financeErpInvoices.status, 'pending')))
        .for('update');
      if (!inv) throw new HttpError(404, FINANCE_MSG.erpInvoiceNotFound);
      return [inv];
    });
  });

  app.post(`/${FINANCE_PATHS.erpExportAll}`, { schema: { body: erpSessionRequest, response: { 200: erpExportAnswer, 202: erpExportAnswer, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localId.toLowerCase(), FINANCE_ROLES.support);
    await mapped(venueId);
    const s = await session(venueId, req.body.sessionId.toLowerCase());
    return reprocess(req, reply, venueId, { session: s.id }, false, (tx) =>
      tx
        .select()
        .from(financeErpInvoices)
        .where(and(eq(financeErpInvoices.sessionId, s.id), eq(financeErpInvoices.status, 'pending')))
        .orderBy(asc(financeErpInvoices.orderDate))
        .for('update'),
    );
  });
}
