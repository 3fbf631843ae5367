/**
 * The manager's views of the tables' bills (issue 41): the venue's open tables with what they owe,
 * the bills closed on a day (America/Sao_Paulo), and reprinting a closed bill from its snapshot
 * through the pré-conta's print path, marked "2ª VIA". Back-office only: the venue's managers
 * (BILL_MANAGER_ROLE); a waiter's phone (Garcom alone) gets 403; a venue the user is not in, or a
 * bill of another venue, answers 404 like a bill that does not exist.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { billList, billListQuery, billReprintParams, billReprintRequest, type BillList, type BillMethodTotal, type BillSummary } from '../../../shared/contract/table-bill-manager';
import { preBillAnswer } from '../../../shared/contract/table-bill';
import { endOfDaySP, formatDateBR, parseDateBR, saoPauloDay, startOfDaySP } from '../../../shared/dashboard';
import { BILL_WINDOW_MS, METHOD_API, METHOD_LABEL, type BillMethod } from '../../../shared/table-bill';
import { BILL_MANAGER_ROLE, BILL_MGR_MSG } from '../../../shared/table-bill-manager';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { kdsTables, orders, orderStateHistory } from '../../db/schema/orders';
import { tableBillOrders, tableBillPayments, tableBills } from '../../db/schema/table-bill';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenueOf } from '../../plugins/auth';
import { printBill } from './table-bill.print.routes';
import { billDto, billSettingsOf, discountsOf, figuresOf, onOpenBill, openLines, paymentsOf, termsOf, type BillRow, type PaymentRow, type PixInfo, type TableRef, type VenueBillSettings } from './table-bill.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The order the methods are always listed in (as the sales dashboard's panel). */
const METHODS: BillMethod[] = ['pix', 'cartao', 'dinheiro'];
const reais = (cents: number) => cents / 100;

function byMethod(payments: Array<Pick<PaymentRow, 'method' | 'status' | 'amountCents'>>): BillMethodTotal[] {
  const paid = payments.filter((p) => p.status === 'paid');
  return METHODS.map((m) => {
    const of = paid.filter((p) => METHOD_API[p.method] === m);
    return { Forma: m, Nome: METHOD_LABEL[m], Quantidade: of.length, Valor: reais(of.reduce((s, p) => s + p.amountCents, 0)) };
  });
}

function sumMethods(list: BillSummary[]): BillMethodTotal[] {
  return METHODS.map((m) => {
    const of = list.map((b) => b.PorForma.find((x) => x.Forma === m)!);
    return { Forma: m, Nome: METHOD_LABEL[m], Quantidade: of.reduce((s, x) => s + x.Quantidade, 0), Valor: reais(of.reduce((s, x) => s + Math.round(x.Valor * 100), 0)) };
  });
}

/** Who placed each order (the intake's history line), names in the order they first ordered. */
async function waitersOf(db: Db, orderIds: string[]): Promise<Map<string, { name: string; at: Date }>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: orderStateHistory.orderId, name: users.name, at: orderStateHistory.at })
    .from(orderStateHistory)
    .innerJoin(users, eq(users.id, orderStateHistory.userId))
    .where(and(inArray(orderStateHistory.orderId, orderIds), isNull(orderStateHistory.fromStateId)))
    .orderBy(asc(orderStateHistory.at), asc(orderStateHistory.id));
  const out = new Map<string, { name: string; at: Date }>();
  for (const r of rows) if (!out.has(r.orderId)) out.set(r.orderId, { name: r.name ?? '', at: r.at });
  return out;
}
function namesFor(orderIds: string[], who: Map<string, { name: string; at: Date }>): string[] {
  const list = orderIds.map((id) => who.get(id)).filter((w): w is { name: string; at: Date } => !!w && !!w.name);
  list.sort((a, b) => a.at.getTime() - b.at.getTime());
  return [...new Set(list.map((w) => w.name))];
}

/** Every table with something on its open bill: items no closed bill took, or a payment. */
async function openTables(db: Db, venueId: string): Promise<BillSummary[]> {
  const since = new Date(Date.now() - BILL_WINDOW_MS);
  const withItems = await db
    .selectDistinct({ tableId: orders.tableId })
    .from(orders)
    .where(onOpenBill(db, venueId, since));
  const openBills = await db.select().from(tableBills).where(and(eq(tableBills.venueId, venueId), eq(tableBills.status, 'open')));
  const ids = [...new Set([...withItems.map((r) => r.tableId).filter((id): id is string => !!id), ...openBills.map((b) => b.tableId)])];
  if (!ids.length) return [];
  const tables = await db.select({ id: kdsTables.id, name: kdsTables.name, venueId: kdsTables.venueId, position: kdsTables.position }).from(kdsTables).where(and(eq(kdsTables.venueId, venueId), inArray(kdsTables.id, ids))).orderBy(asc(kdsTables.position), asc(kdsTables.name));
  const out: Array<BillSummary & { orderIds: string[] }> = [];
  let venueSettings: VenueBillSettings | undefined;
  for (const t of tables) {
    const table: TableRef = { id: t.id, name: t.name, venueId: t.venueId };
    const bill = openBills.find((b) => b.tableId === t.id) ?? null;
    const lines = await openLines(db, table, bill?.openedAt ?? null);
    const payments = await paymentsOf(db, bill?.id ?? null);
    if (!lines.length && !payments.some((p) => p.status === 'paid' || p.status === 'pending')) continue;
    // As the bill's own answer (billDto): before the bill has a row, the venue's settings.
    const settings = bill ? { serviceRateBps: bill.serviceRateBps, couvertCents: bill.couvertUnitCents } : (venueSettings ??= await billSettingsOf(db, venueId));
    const f = figuresOf(lines, termsOf(bill, settings, await discountsOf(db, bill?.id ?? null)), payments);
    const orderIds = [...new Set(lines.map((l) => l.orderId))];
    out.push({
      Id: bill?.id ?? null,
      MesaId: t.id,
      Mesa: t.name,
      Status: 'aberta',
      // The bill row's opening, when it has one; the first order's time is taken below when earlier.
      AbertaEm: bill?.openedAt.toISOString() ?? null,
      FechadaEm: null,
      FechadaPor: null,
      Itens: lines.reduce((s, l) => s + l.quantity, 0),
      Subtotal: reais(f.subtotalCents),
      TaxaServico: reais(f.serviceCents),
      TaxaServicoRemovida: bill?.serviceRemoved ?? false,
      Total: reais(f.totalCents),
      Pago: reais(f.paidCents),
      EmAndamento: reais(f.pendingCents),
      Restante: reais(f.remainingCents),
      PorForma: byMethod(payments),
      Garcons: [],
      orderIds,
    });
  }
  const allOrders = out.flatMap((b) => b.orderIds);
  const who = await waitersOf(db, allOrders);
  const firstAt = new Map(
    allOrders.length
      ? (await db.select({ id: orders.id, at: orders.createdAt }).from(orders).where(inArray(orders.id, allOrders))).map((r) => [r.id, r.at])
      : [],
  );
  return out.map(({ orderIds, ...b }) => {
    const times = orderIds.map((id) => firstAt.get(id)?.getTime()).filter((x): x is number => x !== undefined);
    if (b.AbertaEm) times.push(new Date(b.AbertaEm).getTime());
    return { ...b, AbertaEm: times.length ? new Date(Math.min(...times)).toISOString() : null, Garcons: namesFor(orderIds, who) };
  });
}

/** The bills closed on a day in São Paulo, latest first, from their snapshots. */
async function closedOn(db: Db, venueId: string, start: Date, end: Date): Promise<BillSummary[]> {
  const bills = await db
    .select({ bill: tableBills, closer: users.name })
    .from(tableBills)
    .leftJoin(users, eq(users.id, tableBills.closedBy))
    .where(and(eq(tableBills.venueId, venueId), eq(tableBills.status, 'closed'), gte(tableBills.closedAt, start), lte(tableBills.closedAt, end)))
    .orderBy(desc(tableBills.closedAt), asc(tableBills.id));
  if (!bills.length) return [];
  const ids = bills.map((b) => b.bill.id);
  const payments = await db.select().from(tableBillPayments).where(and(inArray(tableBillPayments.billId, ids), eq(tableBillPayments.venueId, venueId)));
  const links = await db.select().from(tableBillOrders).where(inArray(tableBillOrders.billId, ids));
  const who = await waitersOf(db, links.map((l) => l.orderId));
  return bills.map(({ bill, closer }) => summaryOfClosed(bill, closer, payments.filter((p) => p.billId === bill.id), namesFor(links.filter((l) => l.billId === bill.id).map((l) => l.orderId), who)));
}

function summaryOfClosed(bill: BillRow, closer: string | null, payments: PaymentRow[], waiters: string[]): BillSummary {
  const lines = bill.lines ?? [];
  const paid = payments.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amountCents, 0);
  return {
    Id: bill.id,
    MesaId: bill.tableId,
    Mesa: bill.tableName,
    Status: 'fechada',
    AbertaEm: bill.openedAt.toISOString(),
    FechadaEm: bill.closedAt?.toISOString() ?? null,
    FechadaPor: closer,
    Itens: lines.reduce((s, l) => s + l.quantity, 0),
    Subtotal: reais(bill.subtotalCents ?? 0),
    TaxaServico: reais(bill.serviceCents ?? 0),
    TaxaServicoRemovida: bill.serviceRemoved,
    Total: reais(bill.totalCents ?? 0),
    Pago: reais(paid),
    EmAndamento: 0,
    Restante: reais(Math.max(0, (bill.totalCents ?? 0) - paid)),
    PorForma: byMethod(payments),
    Garcons: waiters,
  };
}

export function tableBillManagerRoutes(fastify: FastifyInstance, opts: { db: Db; pix: PixInfo }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get('/api/Mesa/Contas', { schema: { querystring: billListQuery, response: { 200: billList, ...errors } } }, async (req, reply): Promise<BillList> => {
    const { venueId } = await requireVenueOf(db, req, req.query.localId, BILL_MANAGER_ROLE, BILL_MGR_MSG.venueNotFound);
    reply.header('cache-control', 'no-store');
    const now = new Date();
    if (req.query.status === 'aberta') {
      const contas = await openTables(db, venueId);
      return { Status: 'aberta', Dia: null, Contas: contas, Total: reais(contas.reduce((s, b) => s + Math.round(b.Total * 100), 0)), TaxaServico: reais(contas.reduce((s, b) => s + Math.round(b.TaxaServico * 100), 0)), PorForma: sumMethods(contas), Data: now.toISOString() };
    }
    const day = req.query.data ? parseDateBR(req.query.data) : saoPauloDay(now);
    if (!day) throw new HttpError(400, BILL_MGR_MSG.dayInvalid);
    const contas = await closedOn(db, venueId, startOfDaySP(day), endOfDaySP(day));
    return {
      Status: 'fechada',
      Dia: formatDateBR(day),
      Contas: contas,
      Total: reais(contas.reduce((s, b) => s + Math.round(b.Total * 100), 0)),
      TaxaServico: reais(contas.reduce((s, b) => s + Math.round(b.TaxaServico * 100), 0)),
      PorForma: sumMethods(contas),
      Data: now.toISOString(),
    };
  });

  app.post('/api/Mesa/Contas/:conta/Reimprimir', { schema: { params: billReprintParams, body: billReprintRequest, response: { 200: preBillAnswer, ...errors } } }, async (req) => {
    const user = requireUser(req);
    const { venueId } = await requireVenueOf(db, req, req.body.localId, BILL_MANAGER_ROLE, BILL_MGR_MSG.venueNotFound);
    const id = req.params.conta.toLowerCase();
    // Only a closed bill, of this venue: its snapshot is what was charged, and it never changes.
    const [closed] = UUID_RE.test(id) ? await db.select().from(tableBills).where(and(eq(tableBills.id, id), eq(tableBills.venueId, venueId), eq(tableBills.status, 'closed'))) : [];
    if (!closed) throw new HttpError(404, BILL_MGR_MSG.billNotFound);
    const bill = await billDto(db, { id: closed.tableId, name: closed.tableName, venueId }, opts.pix, closed);
    return printBill(db, { venueId, userName: user.name ?? '', bill, parts: 1, printerId: req.body.ImpressoraId ?? null, copy: true });
  });
}
