/**
 * Negative balance report, its Excel export, a card's consumption, recharge planning and confirmation
 * and the plans' history (spec 001 §2.8, §4, §6, §7, §8). Planning and confirmation ask for the
 * signed-in user's own password, checked here (wrong tries are rate-limited per user). A new plan
 * replaces the unpaid one; confirming credits every planned card once and cannot be undone.
 */
import { and, asc, desc, eq, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CASHLESS_MSG, CASHLESS_ROLES, centsToReais, formatDocument, NEGATIVE_BALANCE_PAGE_SIZE, toLegacyDate } from '../../../shared/cashless';
import { errorBody } from '../../../shared/contract/common';
import {
  CASHLESS_PATHS,
  consumptionList,
  consumptionQuery,
  exportAnswer,
  exportQuery,
  historyDetail,
  historyDetailQuery,
  historyPage,
  historyQuery,
  messageAnswer,
  negativeBalanceReport,
  rechargeBody,
  reportQuery,
  type NegativeBalanceUser,
} from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cashlessCards, cashlessConsumptions, cashlessUsers, rechargePlanItems, rechargePlans } from '../../db/schema/cashless';
import { verifyPassword } from '../../lib/crypto';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hitRateLimit, rateLimitWait } from '../../lib/rate-limit';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import { saveDownload } from '../downloads/downloads';
import { commandHash, idempotencyKeyOf, runOnce } from '../../lib/once';
import { ORDER_MSG } from '../../../shared/orders';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const PASSWORD_TRIES = 10;
const PASSWORD_WINDOW_S = 15 * 60;

/** Checks the signed-in user's own password (planning and confirmation, spec 001 §5). */
async function checkOwnPassword(db: Db, req: FastifyRequest, password: string): Promise<{ id: string; name: string }> {
  const me = requireUser(req);
  const key = `cashless-password:${me.id}`;
  const wait = await rateLimitWait(db, key, PASSWORD_TRIES);
  if (wait) throw tooManyRequests(wait, CASHLESS_MSG.tooManyPasswordTries(wait));
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!row || !(await verifyPassword(password, row.hash))) {
    await hitRateLimit(db, key, PASSWORD_TRIES, PASSWORD_WINDOW_S);
    throw new HttpError(400, CASHLESS_MSG.wrongPassword);
  }
  return { id: me.id, name: me.name };
}

interface ReportRow {
  id: string;
  name: string;
  document: string;
  limitCents: number | null;
  balanceCents: number;
  scheduledCents: number | null;
  scheduledAt: Date | null;
}

function toUser(r: ReportRow): NegativeBalanceUser {
  return {
    id: r.id,
    name: r.name,
    document: r.document,
    negativeBalanceLimit: r.limitCents === null ? null : centsToReais(r.limitCents),
    negativeBalance: centsToReais(r.balanceCents),
    difference: r.limitCents === null ? null : centsToReais(r.limitCents + r.balanceCents),
    scheduledRecharge: centsToReais(r.scheduledCents ?? 0),
    scheduledRechargeDate: toLegacyDate(r.scheduledAt),
  };
}

export function negativeBalanceRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = opts;

  /** The report's rows (one per card in negative balance), with the unpaid plan's recharge if any. */
  function reportSelect(venueId: string, document: string | undefined) {
    const pending = db
      .select({ cardId: rechargePlanItems.cardId, valueCents: rechargePlanItems.valueCents, createdAt: rechargePlans.createdAt })
      .from(rechargePlanItems)
      .innerJoin(rechargePlans, eq(rechargePlans.id, rechargePlanItems.planId))
      .where(and(eq(rechargePlans.venueId, venueId), isNull(rechargePlans.paidAt)))
      .as('pending');
    const where: SQL[] = [eq(cashlessCards.venueId, venueId), lt(cashlessCards.balanceCents, 0)];
    if (document) where.push(like(cashlessUsers.document, `${document}%`));
    const fields = {
      id: cashlessCards.id,
      name: cashlessUsers.name,
      document: cashlessUsers.document,
      limitCents: cashlessUsers.negativeLimitCents,
      balanceCents: cashlessCards.balanceCents,
      scheduledCents: pending.valueCents,
      scheduledAt: pending.createdAt,
    };
    const base = () =>
      db
        .select(fields)
        .from(cashlessCards)
        .innerJoin(cashlessUsers, eq(cashlessUsers.id, cashlessCards.userId))
        .leftJoin(pending, eq(pending.cardId, cashlessCards.id))
        .where(and(...where));
    const totals = () =>
      db
        .select({
          quantity: sql<number>`count(*)::int`,
          balance: sql<number>`coalesce(sum(${cashlessCards.balanceCents}), 0)::bigint`,
          difference: sql<number>`coalesce(sum(${cashlessUsers.negativeLimitCents} + ${cashlessCards.balanceCents}), 0)::bigint`,
          scheduled: sql<number>`coalesce(sum(${pending.valueCents}), 0)::bigint`,
        })
        .from(cashlessCards)
        .innerJoin(cashlessUsers, eq(cashlessUsers.id, cashlessCards.userId))
        .leftJoin(pending, eq(pending.cardId, cashlessCards.id))
        .where(and(...where));
    return { base, totals };
  }

  app.get(`/${CASHLESS_PATHS.report}`, { schema: { querystring: reportQuery, response: { 200: negativeBalanceReport, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.report);
    const page = req.query.page ?? 1;
    const q = reportSelect(venueId, req.query.document);
    const [rows, [t]] = await Promise.all([
      q.base().orderBy(asc(cashlessUsers.name), asc(cashlessCards.id)).limit(NEGATIVE_BALANCE_PAGE_SIZE).offset((page - 1) * NEGATIVE_BALANCE_PAGE_SIZE),
      q.totals(),
    ]);
    return {
      users: rows.map(toUser),
      totalNegativeBalance: centsToReais(Number(t.balance)),
      totalDifference: centsToReais(Number(t.difference)),
      totalScheduledRecharge: centsToReais(Number(t.scheduled)),
      totalQuantity: t.quantity,
    };
  });

  app.get(`/${CASHLESS_PATHS.export}`, { schema: { querystring: exportQuery, response: { 200: exportAnswer, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.report);
    const q = reportSelect(venueId, req.query.document);
    const [rows, [t]] = await Promise.all([q.base().orderBy(asc(cashlessUsers.name), asc(cashlessCards.id)), q.totals()]);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Balcão';
    const ws = wb.addWorksheet('Saldo negativo', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = [
      { header: 'Nome', key: 'name', width: 36 },
      { header: 'Documento', key: 'document', width: 22 },
      { header: 'Limite', key: 'limit', width: 14 },
      { header: 'Saldo negativo', key: 'balance', width: 16 },
      { header: 'Diferença', key: 'difference', width: 14 },
      { header: 'Recarga planejada', key: 'scheduled', width: 18 },
      { header: 'Data da recarga', key: 'scheduledAt', width: 18 },
      { header: 'Sem limite', key: 'unlimited', width: 12 },
    ];
    ws.getRow(1).font = { bold: true };
    const money = '"R$" #,##0.00;-"R$" #,##0.00';
    // Money columns hold numbers only (an unlimited card leaves Limite and Diferença empty and says
    // "Sim" in Sem limite), and the recharge date is a real date, so the sheet sums and sorts.
    for (const raw of rows) {
      const r = toUser(raw);
      ws.addRow({
        name: r.name,
        document: formatDocument(r.document),
        limit: r.negativeBalanceLimit,
        balance: r.negativeBalance,
        difference: r.difference,
        scheduled: r.scheduledRecharge,
        // Excel dates carry no zone: the São Paulo wall-clock time the screen shows (formatLegacyDate).
        scheduledAt: raw.scheduledAt ? new Date(raw.scheduledAt.getTime() - 3 * 3600_000) : null,
        unlimited: r.negativeBalanceLimit === null ? 'Sim' : 'Não',
      });
    }
    const total = ws.addRow({
      name: `Total (${t.quantity})`,
      balance: centsToReais(Number(t.balance)),
      difference: centsToReais(Number(t.difference)),
      scheduled: centsToReais(Number(t.scheduled)),
    });
    total.font = { bold: true };
    for (const key of ['limit', 'balance', 'difference', 'scheduled']) ws.getColumn(key).numFmt = money;
    ws.getColumn('scheduledAt').numFmt = 'dd/mm/yyyy hh:mm';
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const stamp = new Date().toISOString().slice(0, 10);
    return saveDownload(files, venueId, 'negative-balance', `saldo-negativo-${stamp}.xlsx`, 'xlsx', buffer);
  });

  app.get(`/${CASHLESS_PATHS.consumption}`, { schema: { querystring: consumptionQuery, response: { 200: consumptionList, ...errors } } }, async (req) => {
    requireUser(req);
    const [card] = await db.select({ venueId: cashlessCards.venueId }).from(cashlessCards).where(eq(cashlessCards.id, req.query.historicoAssociacaoId));
    if (!card) throw new HttpError(404, CASHLESS_MSG.cardNotFound);
    await requireVenueOf(db, req, card.venueId, CASHLESS_ROLES.report, CASHLESS_MSG.cardNotFound);
    const rows = await db
      .select()
      .from(cashlessConsumptions)
      .where(eq(cashlessConsumptions.cardId, req.query.historicoAssociacaoId))
      .orderBy(desc(cashlessConsumptions.performedAt))
      .limit(500);
    return rows.map((r) => ({
      NomeProduto: r.productName,
      ValorProduto: centsToReais(r.unitCents),
      ValorTotal: centsToReais(r.totalCents),
      DescricaoTipoPagamento: r.paymentKind,
      DataRealizacao: toLegacyDate(r.performedAt),
      Equipamento: r.device,
      Operador: r.operator,
    }));
  });

  app.post(`/${CASHLESS_PATHS.plan}`, { schema: { body: rechargeBody, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.body.LocalId, CASHLESS_ROLES.plan);
    const me = await checkOwnPassword(db, req, req.body.Password);
    await db.transaction(async (tx) => {
      // The plan replaces the unpaid one (spec 001 §4); paid plans stay in the history.
      await tx.delete(rechargePlans).where(and(eq(rechargePlans.venueId, venueId), isNull(rechargePlans.paidAt)));
      const [plan] = await tx.insert(rechargePlans).values({ venueId, createdById: me.id, createdBy: me.name }).returning({ id: rechargePlans.id });
      const [{ n: count }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cashlessCards)
        .where(and(eq(cashlessCards.venueId, venueId), lt(cashlessCards.balanceCents, 0)));
      await tx.execute(sql`
        insert into recharge_plan_items (plan_id, card_id, name, document, value_cents)
        select ${plan.id}::uuid, c.id, u.name, u.document, -c.balance_cents
        from cashless_cards c join cashless_users u on u.id = c.user_id
        where c.venue_id = ${venueId}::uuid and c.balance_cents < 0`);
      if (!count) throw new HttpError(400, CASHLESS_MSG.noNegativeBalance);
    });
    return { Message: CASHLESS_MSG.planCreated };
  });

  /**
   * Confirmation on runOnce (lib/once.ts): the Idempotency-Key commits with the paid plan and the
   * credits, so the racing retry of a confirmation that succeeded answers that success (it waits
   * for the original, then replays its answer), never "Não há planejamento de recarga pendente.".
   * The password is checked on every call, replays included; a wrong one stores nothing.
   */
  app.post(`/${CASHLESS_PATHS.confirm}`, { schema: { body: rechargeBody, response: { 200: messageAnswer, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.LocalId, CASHLESS_ROLES.confirm);
    const key = idempotencyKeyOf(req, ORDER_MSG.idempotencyInvalid);
    const me = await checkOwnPassword(db, req, req.body.Password);
    const r = await runOnce<{ ref: string }, undefined>(db, {
      scope: `venue:${venueId}`,
      key,
      // Never the password: what the command asks for is "pay this venue's pending plan".
      hash: commandHash('cashless:recharge-confirm', { LocalId: venueId }),
      mismatchMessage: ORDER_MSG.idempotencyMismatch,
      async reserve(tx) {
        // Claiming the plan first makes a second confirmation (another tab, a retry) find nothing to pay.
        const [plan] = await tx
          .update(rechargePlans)
          .set({ paidAt: new Date(), paidById: me.id, paidBy: me.name })
          .where(and(eq(rechargePlans.venueId, venueId), isNull(rechargePlans.paidAt)))
          .returning({ id: rechargePlans.id });
        if (!plan) throw new HttpError(400, CASHLESS_MSG.noPendingPlan);
        await tx.execute(sql`
          update cashless_cards c set balance_cents = c.balance_cents + i.value_cents
          from recharge_plan_items i where i.plan_id = ${plan.id}::uuid and i.card_id = c.id`);
        await tx.execute(sql`
          insert into cashless_consumptions (venue_id, card_id, product_name, unit_cents, quantity, total_cents, payment_kind, performed_at, device, operator)
          select ${venueId}::uuid, i.card_id, 'Recarga planejada', i.value_cents, 1, i.value_cents, 'Recarga', now(), 'Portal', ${me.name}
          from recharge_plan_items i where i.plan_id = ${plan.id}::uuid`);
        return { ref: plan.id };
      },
      // No provider: the answer commits with the credits (runOnce without `call`).
      finish: async () => ({ status: 200, body: { Message: CASHLESS_MSG.rechargeConfirmed } }),
      async current(ref) {
        const [plan] = await db.select({ paidAt: rechargePlans.paidAt }).from(rechargePlans).where(eq(rechargePlans.id, ref));
        return plan?.paidAt ? { status: 200, body: { Message: CASHLESS_MSG.rechargeConfirmed } } : { status: 400, body: { Message: CASHLESS_MSG.noPendingPlan } };
      },
    });
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message);
    return r.body as { Message: string };
  });

  app.get(`/${CASHLESS_PATHS.history}`, { schema: { querystring: historyQuery, response: { 200: historyPage, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, CASHLESS_ROLES.report);
    const page = req.query.page ?? 1;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(rechargePlans)
        .where(eq(rechargePlans.venueId, venueId))
        .orderBy(desc(rechargePlans.createdAt), asc(rechargePlans.id))
        .limit(NEGATIVE_BALANCE_PAGE_SIZE)
        .offset((page - 1) * NEGATIVE_BALANCE_PAGE_SIZE),
      db.select({ n: sql<number>`count(*)::int` }).from(rechargePlans).where(eq(rechargePlans.venueId, venueId)),
    ]);
    return {
      items: rows.map((r) => ({ id: r.id, createdAt: toLegacyDate(r.createdAt), createdBy: r.createdBy, paidAt: toLegacyDate(r.paidAt), paidBy: r.paidBy })),
      totalQuantity: count.n,
    };
  });

  app.get(`/${CASHLESS_PATHS.historyDetail}`, { schema: { querystring: historyDetailQuery, response: { 200: historyDetail, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.report);
    const [plan] = await db
      .select({ id: rechargePlans.id })
      .from(rechargePlans)
      .where(and(eq(rechargePlans.id, req.query.planningRechargeId), eq(rechargePlans.venueId, venueId)));
    if (!plan) throw new HttpError(404, CASHLESS_MSG.planNotFound);
    const items = await db.select().from(rechargePlanItems).where(eq(rechargePlanItems.planId, plan.id)).orderBy(asc(rechargePlanItems.name));
    return {
      recharges: items.map((i) => ({ name: i.name, document: i.document, value: centsToReais(i.valueCents) })),
      total: centsToReais(items.reduce((s, i) => s + i.valueCents, 0)),
    };
  });
}
