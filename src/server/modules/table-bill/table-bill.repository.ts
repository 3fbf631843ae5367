/**
 * Reading a table's bill (issue 41): the open bill is every item of the table's orders that no
 * closed bill took yet (refused and returned orders out: both end in Recusado), with its service
 * charge, its payments, what is paid and what remains. A closed bill answers its own snapshot.
 */
import { and, asc, eq, getTableColumns, gte, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BillDiscount, BillPayment, TableBill } from '../../../shared/contract/table-bill';
import { DELIVERY_KIND, ORDER_STATE } from '../../../shared/orders';
import { BILL_MSG, BILL_WINDOW_MS, DEFAULT_SERVICE_RATE_BPS, METHOD_API, billMath, type DiscountEntry } from '../../../shared/table-bill';
import { users } from '../../db/schema/auth';
import { commandKeys } from '../../db/schema/command-keys';
import { kdsTables, orderItems, orders } from '../../db/schema/orders';
import { tableBillDiscounts, tableBillOrders, tableBillPayments, tableBillSettings, tableBills, type TableBillSnapshotLine } from '../../db/schema/table-bill';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Q, Tx } from '../../lib/once';
import { UUID_RE } from '../../lib/registry';
import { requireUser, requireVenueOf } from '../../plugins/auth';
import { WAITER_ROLE } from '../../../shared/waiter';
import { itemSplitDto, lineItemId } from './table-bill.split';

export type BillRow = typeof tableBills.$inferSelect;
export type PaymentRow = typeof tableBillPayments.$inferSelect;
export type DiscountRow = typeof tableBillDiscounts.$inferSelect;

/** The venue's bill settings: its rate (10 % when never set) and couvert per person (null: off). */
export interface VenueBillSettings {
  serviceRateBps: number;
  couvertCents: number | null;
}
export async function billSettingsOf(q: Q, venueId: string): Promise<VenueBillSettings> {
  const [s] = await q.select({ serviceRateBps: tableBillSettings.serviceRateBps, couvertCents: tableBillSettings.couvertCents }).from(tableBillSettings).where(eq(tableBillSettings.venueId, venueId));
  return s ?? { serviceRateBps: DEFAULT_SERVICE_RATE_BPS, couvertCents: null };
}

export async function discountsOf(q: Q, billId: string | null): Promise<DiscountRow[]> {
  if (!billId) return [];
  return q.select().from(tableBillDiscounts).where(eq(tableBillDiscounts.billId, billId)).orderBy(asc(tableBillDiscounts.createdAt), asc(tableBillDiscounts.id));
}
export const discountEntry = (d: Pick<DiscountRow, 'kind' | 'valueCents' | 'percentBps'>): DiscountEntry =>
  d.kind === 'value' ? { kind: 'value', valueCents: d.valueCents ?? 0 } : { kind: 'percent', percentBps: d.percentBps ?? 0 };
export interface TableRef {
  id: string;
  name: string;
  venueId: string;
}

const reais = (cents: number) => cents / 100;

/** The waiter's venue (404 for one the user is not in, 403 without the role) and its table `mesa` (404 when not there). */
export async function waiterTable(db: Db, req: FastifyRequest, localId: string, mesa: string): Promise<TableRef> {
  const { venueId } = await requireVenueOf(db, req, localId, WAITER_ROLE, BILL_MSG.tableNotFound);
  const table = UUID_RE.test(mesa) ? await tableOf(db, venueId, mesa.toLowerCase()) : null;
  if (!table) throw new HttpError(404, BILL_MSG.tableNotFound);
  return table;
}

export async function tableOf(q: Q, venueId: string, tableId: string): Promise<TableRef | null> {
  const [t] = await q.select({ id: kdsTables.id, name: kdsTables.name, venueId: kdsTables.venueId }).from(kdsTables).where(and(eq(kdsTables.id, tableId), eq(kdsTables.venueId, venueId)));
  return t ?? null;
}

export async function openBillOf(q: Q, tableId: string): Promise<BillRow | null> {
  const [b] = await q.select().from(tableBills).where(and(eq(tableBills.tableId, tableId), eq(tableBills.status, 'open')));
  return b ?? null;
}

/**
 * A waiter's change to the table's open bill (made when there is none): the venue and the table are
 * checked, `change` runs under the bill's lock, and the answer is the bill as it is after it.
 */
export async function changeOpenBill(
  db: Db,
  req: FastifyRequest,
  at: { localId: string; mesa: string },
  pix: PixInfo,
  change: (tx: Tx, bill: BillRow, table: TableRef) => Promise<void>,
): Promise<TableBill> {
  const user = requireUser(req);
  const table = await waiterTable(db, req, at.localId, at.mesa);
  return db.transaction(async (tx) => {
    const bill = await lockOpenBill(tx, table, user.id);
    await change(tx, bill, table);
    return billDto(tx, table, pix);
  });
}

/** The table's open bill, made when there is none, locked for the rest of the transaction. */
export async function lockOpenBill(tx: Tx, table: TableRef, userId: string): Promise<BillRow> {
  // A new bill takes the venue's rate and couvert as they are now; a later change never moves it.
  const settings = await billSettingsOf(tx, table.venueId);
  await tx
    .insert(tableBills)
    .values({ venueId: table.venueId, tableId: table.id, tableName: table.name, serviceRateBps: settings.serviceRateBps, couvertUnitCents: settings.couvertCents, openedBy: userId })
    .onConflictDoNothing();
  const [b] = await tx
    .select()
    .from(tableBills)
    .where(and(eq(tableBills.tableId, table.id), eq(tableBills.status, 'open')))
    .for('update');
  return b;
}

/**
 * The venue's orders an open bill holds: table orders placed since `since`, not refused (a refused
 * or returned order ends in Recusado), that no closed bill took yet.
 */
export function onOpenBill(q: Q, venueId: string, since: Date) {
  return and(eq(orders.venueId, venueId), eq(orders.deliveryKind, DELIVERY_KIND.table), ne(orders.stateId, ORDER_STATE.Recusado), gte(orders.createdAt, since), onNoClosedBill(q));
}

/** An order no closed bill took (charged) yet. */
export const onNoClosedBill = (q: Q) => notExists(q.select({ x: sql`1` }).from(tableBillOrders).where(eq(tableBillOrders.orderId, orders.id)));

/**
 * Every item of the table's orders no closed bill took yet, oldest order first, from at most
 * BILL_WINDOW_MS before the bill opened (`openedAt`; now while the bill has no row).
 */
export async function openLines(q: Q, table: TableRef, openedAt: Date | null): Promise<TableBillSnapshotLine[]> {
  const since = new Date(Math.min((openedAt ?? new Date()).getTime(), Date.now()) - BILL_WINDOW_MS);
  const rows = await q
    .select({ orderId: orders.id, itemId: orderItems.id, code: orders.code, name: orderItems.name, quantity: orderItems.quantity, unitCents: orderItems.unitCents, notes: orderItems.notes })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(onOpenBill(q, table.venueId, since), eq(orders.tableId, table.id)))
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.position));
  return rows.map((r) => ({ ...r, notes: r.notes ?? [] }));
}

export async function paymentsOf(q: Q, billId: string | null): Promise<PaymentRow[]> {
  if (!billId) return [];
  return q.select().from(tableBillPayments).where(eq(tableBillPayments.billId, billId)).orderBy(asc(tableBillPayments.createdAt), asc(tableBillPayments.id));
}

export interface BillFigures {
  subtotalCents: number;
  discountCents: number;
  serviceCents: number;
  couvertCents: number;
  totalCents: number;
  paidCents: number;
  pendingCents: number;
  remainingCents: number;
}

/** What the figures of a bill depend on besides its lines: its row (or, before it exists, the venue's settings) and its discounts. */
export interface BillTerms {
  serviceRateBps: number;
  serviceRemoved: boolean;
  couvertUnitCents: number | null;
  couvertPeople: number;
  discounts: DiscountEntry[];
}
export function termsOf(bill: BillRow | null, settings: VenueBillSettings, discounts: DiscountRow[]): BillTerms {
  return {
    serviceRateBps: bill?.serviceRateBps ?? settings.serviceRateBps,
    serviceRemoved: bill?.serviceRemoved ?? false,
    couvertUnitCents: bill ? bill.couvertUnitCents : settings.couvertCents,
    couvertPeople: bill?.couvertPeople ?? 0,
    discounts: discounts.map(discountEntry),
  };
}

export function figuresOf(lines: TableBillSnapshotLine[], terms: BillTerms, payments: PaymentRow[]): BillFigures {
  const m = billMath({ subtotalCents: lines.reduce((s, l) => s + l.quantity * l.unitCents, 0), ...terms });
  const { subtotalCents, discountCents, serviceCents, couvertCents, totalCents } = m;
  const paidCents = payments.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amountCents, 0);
  const pendingCents = payments.filter((p) => p.status === 'pending').reduce((s, p) => s + p.amountCents, 0);
  return { subtotalCents, discountCents, serviceCents, couvertCents, totalCents, paidCents, pendingCents, remainingCents: totalCents - paidCents - pendingCents };
}

/** The figures of a bill being written (locked): its lines, discounts and payments read in `q`. */
export async function openFiguresOf(q: Q, table: TableRef, bill: BillRow): Promise<{ lines: TableBillSnapshotLine[]; payments: PaymentRow[]; figures: BillFigures }> {
  const lines = await openLines(q, table, bill.openedAt);
  const payments = await paymentsOf(q, bill.id);
  const discounts = await discountsOf(q, bill.id);
  return { lines, payments, figures: figuresOf(lines, termsOf(bill, { serviceRateBps: bill.serviceRateBps, couvertCents: bill.couvertUnitCents }, discounts), payments) };
}

export async function discountDtos(q: Q, rows: DiscountRow[]): Promise<BillDiscount[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((d) => d.requestedBy))];
  const names = new Map((await q.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]));
  return rows.map((d) => discountDto(d, names.get(d.requestedBy) ?? ''));
}

const STATUS_API = { pending: 'pendente', paid: 'pago', failed: 'falhou', expired: 'expirado' } as const;

export function paymentDto(p: PaymentRow, key: string | null = null): BillPayment {
  return {
    Id: p.id,
    Forma: METHOD_API[p.method]!,
    Status: STATUS_API[p.status as keyof typeof STATUS_API],
    Valor: reais(p.amountCents),
    ValorRecebido: p.receivedCents === null ? null : reais(p.receivedCents),
    Troco: p.changeCents === null ? null : reais(p.changeCents),
    Parte: p.shareIndex !== null && p.shareCount !== null ? { Indice: p.shareIndex, De: p.shareCount } : null,
    Pessoa: p.personIndex,
    BrCode: p.method === 'pix' && p.status === 'pending' ? p.brCode : null,
    CriadoEm: p.createdAt.toISOString(),
    PagoEm: p.paidAt?.toISOString() ?? null,
    Chave: key,
  };
}

export interface PixInfo {
  available: boolean;
  sandbox: boolean;
}

/**
 * Everything of a bill but its lines, in ONE query (bench: table-bill): the bill row (the open one, or
 * `closed`), the venue's settings (what a bill not made yet will take), its payments with the
 * Idempotency-Key each was recorded with, and its discounts with the name of who asked. The nested
 * rows come back as JSON and are mapped with the columns' own driver mapping (dates, jsonb).
 */
export interface BillBundle {
  bill: BillRow | null;
  settings: VenueBillSettings;
  payments: PaymentRow[];
  keys: Map<string, string>;
  discounts: DiscountRow[];
  requesters: Map<string, string>;
}

function rowFromJson<T extends PgTable>(table: T, obj: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = obj[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T['$inferSelect'];
}

export async function billBundleOf(q: Q, table: TableRef, closed?: BillRow): Promise<BillBundle> {
  const scope = `table:${table.id}`;
  const [r] = await q
    .select({
      bill: tableBills,
      rate: tableBillSettings.serviceRateBps,
      couvert: tableBillSettings.couvertCents,
      payments: sql<Array<[Record<string, unknown>, string | null]>>`(select coalesce(json_agg(json_build_array(to_jsonb(p), k.key) order by p.created_at, p.id), '[]'::json) from ${tableBillPayments} p left join ${commandKeys} k on k.scope = ${scope} and k.ref = p.id::text where p.bill_id = ${tableBills.id})`,
      discounts: sql<Array<[Record<string, unknown>, string | null]>>`(select coalesce(json_agg(json_build_array(to_jsonb(d), u.name) order by d.created_at, d.id), '[]'::json) from ${tableBillDiscounts} d left join ${users} u on u.id = d.requested_by where d.bill_id = ${tableBills.id})`,
    })
    .from(kdsTables)
    .leftJoin(tableBills, closed ? eq(tableBills.id, closed.id) : and(eq(tableBills.tableId, kdsTables.id), eq(tableBills.status, 'open')))
    .leftJoin(tableBillSettings, eq(tableBillSettings.venueId, kdsTables.venueId))
    .where(eq(kdsTables.id, table.id));
  const bill = closed ?? r?.bill ?? null;
  const pays = bill ? (r?.payments ?? []) : [];
  const discs = bill ? (r?.discounts ?? []) : [];
  const payments = pays.map(([p]) => rowFromJson(tableBillPayments, p));
  const discounts = discs.map(([d]) => rowFromJson(tableBillDiscounts, d));
  return {
    bill,
    settings: r?.rate !== null && r?.rate !== undefined ? { serviceRateBps: r.rate, couvertCents: r.couvert ?? null } : { serviceRateBps: DEFAULT_SERVICE_RATE_BPS, couvertCents: null },
    payments,
    keys: new Map(pays.flatMap(([, k], i) => (k ? [[payments[i].id, k] as [string, string]] : []))),
    discounts,
    requesters: new Map(discs.flatMap(([, n], i) => (n !== null ? [[discounts[i].requestedBy, n] as [string, string]] : []))),
  };
}

export function discountDto(d: DiscountRow, requesterName: string): BillDiscount {
  return {
    Id: d.id,
    Tipo: d.kind === 'value' ? 'valor' : 'percentual',
    Valor: d.kind === 'value' ? reais(d.valueCents ?? 0) : (d.percentBps ?? 0) / 100,
    Motivo: d.reason,
    SolicitadoPor: requesterName,
    AutorizadoPor: d.authorizedByName,
    CriadoEm: d.createdAt.toISOString(),
  };
}

/**
 * The answer for a table: its closed bill when `closed` is given, else the open one (made or not).
 * Two queries: the bundle (bill, settings, payments, keys, discounts) and the open bill's lines.
 * `bundle` reuses one already read in the same request (the GET reads it to find pending Pix).
 */
export async function billDto(q: Q, table: TableRef, pix: PixInfo, closed?: BillRow, bundle?: BillBundle): Promise<TableBill> {
  const { bill, settings, payments, keys, discounts, requesters } = bundle ?? (await billBundleOf(q, table, closed));
  const lines = closed ? (closed.lines ?? []) : await openLines(q, table, bill?.openedAt ?? null);
  // Before the bill has a row, the venue's settings say what it will take when it opens.
  const terms = termsOf(bill, bill ? { serviceRateBps: bill.serviceRateBps, couvertCents: bill.couvertUnitCents } : settings, discounts);
  const f = figuresOf(lines, terms, payments);
  const removed = bill?.serviceRemoved ?? false;
  return {
    Id: bill?.id ?? null,
    MesaId: table.id,
    Mesa: table.name,
    Aberta: !closed,
    AbertaEm: bill?.openedAt.toISOString() ?? null,
    FechadaEm: closed?.closedAt?.toISOString() ?? null,
    Itens: lines.map((l, i) => ({
      PedidoId: l.orderId,
      ItemId: lineItemId(l, i),
      Codigo: String(l.code),
      Quantidade: l.quantity,
      Nome: l.name,
      Observacoes: l.notes,
      ValorUnitario: reais(l.unitCents),
      ValorTotal: reais(l.quantity * l.unitCents),
    })),
    Subtotal: reais(closed?.subtotalCents ?? f.subtotalCents),
    TaxaServicoPercentual: terms.serviceRateBps / 100,
    TaxaServico: reais(closed?.serviceCents ?? f.serviceCents),
    TaxaServicoRemovida: removed,
    AvisoTaxaServico: removed ? BILL_MSG.serviceRemoved : null,
    Total: reais(closed?.totalCents ?? f.totalCents),
    Pago: reais(f.paidCents),
    EmAndamento: reais(f.pendingCents),
    Restante: reais(closed ? Math.max(0, (closed.totalCents ?? 0) - f.paidCents) : f.remainingCents),
    Pagamentos: payments.map((p) => paymentDto(p, keys.get(p.id) ?? null)),
    DivisaoPorItens: bill?.itemSplit ? itemSplitDto(lines, bill.itemSplit, payments, closed ? { totalCents: closed.totalCents ?? 0, remainingCents: Math.max(0, (closed.totalCents ?? 0) - f.paidCents) } : f) : null,
    Desconto: reais(closed ? closed.discountCents : f.discountCents),
    Descontos: discounts.map((d) => discountDto(d, requesters.get(d.requestedBy) ?? '')),
    CouvertValorPessoa: terms.couvertUnitCents === null ? null : reais(terms.couvertUnitCents),
    CouvertPessoas: terms.couvertPeople,
    Couvert: reais(closed ? closed.couvertCents : f.couvertCents),
    PixSandbox: pix.sandbox,
    PixDisponivel: pix.available,
    Data: new Date().toISOString(),
  };
}

/** Pending Pix of the table's open bill (the GET re-reads them from the PSP). */
export async function pendingPixOf(q: Q, billId: string): Promise<PaymentRow[]> {
  return q
    .select()
    .from(tableBillPayments)
    .where(and(eq(tableBillPayments.billId, billId), eq(tableBillPayments.method, 'pix'), eq(tableBillPayments.status, 'pending')));
}

/** A Pix whose cob expired long ago can no longer be paid: it frees its amount and its share. */
export async function expireStalePix(tx: Tx, billId: string, lifeMs: number): Promise<void> {
  const stale = (await pendingPixOf(tx, billId)).filter((p) => p.brCode && p.createdAt.getTime() + lifeMs + 10 * 60_000 < Date.now());
  if (stale.length) await tx.update(tableBillPayments).set({ status: 'expired' }).where(and(inArray(tableBillPayments.id, stale.map((p) => p.id)), eq(tableBillPayments.status, 'pending')));
}
