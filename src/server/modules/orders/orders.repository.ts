/**
 * Reads and writes of the order board: the order as the contract shows it, the list with its
 * filters, the venue lock every change takes, and the event log that feeds SSE and ETags.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { KdsListQuery, Order } from '../../../shared/contract/orders';
import {
  DEFAULT_WORKFLOW_STATES,
  ACTIVE_STATES,
  DEFAULT_PREP_MINUTES,
  DEFAULT_STATION,
  FINAL_STATES,
  KDS_ACTIVE_MAX,
  KDS_ACTIVE_MODE,
  ORDER_ORIGIN,
  ORDER_STATE,
  PAYMENT_TYPES,
  PLACEHOLDER_CARRIER_ID,
  type KdsEventType,
} from '../../../shared/orders';
import type { Q, Tx } from '../../db/client';
import { carriers, kdsSettings, orderEvents, orderItems, orders, orderStateHistory, workflowStates } from '../../db/schema/orders';
import { users } from '../../db/schema/auth';
import { stores } from '../../db/schema/venues';

export type { Q, Tx };
/** An order's row, and the columns a change sets (orders.service's `change`, the courier jobs). */
export type OrderRecord = typeof orders.$inferSelect;
export type OrderChangeSet = Partial<typeof orders.$inferInsert>;

export const EVENTS_CHANNEL = 'kds_events';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_RE.test(s);

export const reais = (cents: number | null | undefined) => (cents == null ? null : Math.round(cents) / 100);
export const cents = (value: number) => Math.round(value * 100);

/** Creates the venue's workflow states and board settings when missing (venues created after the seed). */
export async function ensureVenueBoard(q: Q, venueId: string): Promise<void> {
  await q
    .insert(workflowStates)
    .values(DEFAULT_WORKFLOW_STATES.map((s, i) => ({ venueId, stateId: s.Id, name: s.Name, backgroundColor: s.BackgroundColor, position: i + 1 })))
    .onConflictDoNothing();
  await q.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
}

let venueLockTimeoutMs = 3_000;

/** How long lockVenue waits for the lock (ORDERS_LOCK_TIMEOUT_MS, set by the orders plugin). */
export function setVenueLockTimeout(ms: number): void {
  venueLockTimeoutMs = Math.max(1, Math.floor(ms));
}

export function venueLockTimeout(): number {
  return venueLockTimeoutMs;
}

/**
 * Every change of a venue's orders runs under this row lock: concurrent changes (and duplicate
 * commands) queue up, and event ids are handed out in commit order, so a reconnecting board that
 * asks for "everything after N" can never miss an event committed later with a smaller id.
 *
 * The wait is bounded (issue 36): `lock_timeout` for the rest of this transaction, so a lock held
 * too long (another process, a stuck session) makes the write fail with 55P03 after a few seconds,
 * which the error handler answers as 503 "Muitas alterações ao mesmo tempo, tente de novo" with
 * Retry-After, instead of holding a pool connection for as long as the holder likes. Writers reach
 * this point through the venue-write gate (venue-writes.ts), so only a few wait here at once.
 */
export async function lockVenue(tx: Tx, venueId: string): Promise<void> {
  // set_config(..., true) is SET LOCAL: it ends with the transaction (also on PGlite, where there
  // is one connection and so never a wait).
  await tx.execute(sql`select set_config('lock_timeout', ${`${venueLockTimeoutMs}ms`}, true)`);
  // The row exists for every seeded venue; a venue created later gets it here.
  await tx.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
  await tx.execute(sql`select 1 from ${kdsSettings} where ${kdsSettings.venueId} = ${venueId} for update`);
}

export async function loadStates(q: Q, venueId: string) {
  const rows = await q.select().from(workflowStates).where(eq(workflowStates.venueId, venueId)).orderBy(asc(workflowStates.position));
  return new Map(rows.map((r) => [r.stateId, r]));
}

export async function loadSettings(q: Q, venueId: string) {
  const [row] = await q.select().from(kdsSettings).where(eq(kdsSettings.venueId, venueId));
  return row ?? null;
}

const orderSelect = {
  o: orders,
  carrierName: carriers.name,
  carrierPhone: carriers.phone,
  carrierDocument: carriers.document,
  storeName: stores.name,
};
type OrderRow = { o: typeof orders.$inferSelect; carrierName: string | null; carrierPhone: string | null; carrierDocument: string | null; storeName: string | null };

function baseSelect(q: Q) {
  return q.select(orderSelect).from(orders).leftJoin(carriers, eq(carriers.id, orders.carrierId)).leftJoin(stores, eq(stores.id, orders.storeId));
}

interface DtoContext {
  states: Awaited<ReturnType<typeof loadStates>>;
  printServerUrl: string | null;
  /** The venue's preparation time and default station (orders and items that name none). */
  prepMinutes: number;
  defaultStation: string;
  items: Map<string, Array<typeof orderItems.$inferSelect>>;
  history: Map<string, Array<{ h: typeof orderStateHistory.$inferSelect; userName: string | null }>>;
}

function toDto(r: OrderRow, ctx: DtoContext): Order {
  const o = r.o;
  const state = ctx.states.get(o.stateId);
  const fallback = DEFAULT_WORKFLOW_STATES.find((s) => s.Id === o.stateId);
  const payment = PAYMENT_TYPES.find((p) => p.Id === o.paymentTypeId);
  const transportador = o.carrierId
    ? { Id: o.carrierId, Nome: r.carrierName ?? '', Telefone: r.carrierPhone ?? '', Documento: r.carrierDocument ?? '' }
    : o.courier
      ? { Id: PLACEHOLDER_CARRIER_ID, Nome: o.courier.Nome, Telefone: o.courier.Telefone, Documento: o.courier.Documento }
      : null;
  return {
    Id: o.id,
    Codigo: String(o.code),
    DataCriacao: o.createdAt.toISOString(),
    OrigemPedido: o.origin,
    EhPagamentoPresencial: o.payOnDelivery,
    TempoEntrega: o.deliveryTimeMinutes,
    Cliente: {
      Nome: o.customer.Nome,
      // The tax id shows only for marketplace orders (spec 000 §3).
      CPF: o.origin === ORDER_ORIGIN.marketplace ? (o.customer.CPF ?? null) : null,
      Telefone: o.customer.Telefone ?? '',
      Endereco: o.customer.Endereco ?? null,
    },
    ObservacaoPedido: o.note,
    Mesa: o.tableName,
    TipoPagamento: { Id: o.paymentTypeId, Descricao: payment?.Descricao ?? '' },
    Troco: reais(o.changeForCents),
    ValorTotal: reais(o.totalCents) ?? 0,
    Timer: o.timerSeconds,
    LinkRastreio: o.trackingLink,
    ChamouMeepDelivery: o.courierCalled,
    PedidoPOSPrinterStatus: o.printerStatus,
    Transportador: transportador,
    Itens: (ctx.items.get(o.id) ?? []).map((i) => ({
      Id: i.id,
      Quantidade: i.quantity,
      NomeProduto: i.name,
      Valor: reais(i.unitCents) ?? 0,
      // Items taken before stations were stamped at intake go to the venue's default station.
      NomeImpressora: i.printerName ?? ctx.defaultStation,
      Observacoes: i.notes,
      ProdutoId: i.productId,
      ProntoEm: i.bumpedAt?.toISOString() ?? null,
    })),
    WorkflowInstance: {
      CurrenteState: {
        Id: o.stateId,
        Name: state?.name ?? fallback?.Name ?? '',
        BackgroundColor: state?.backgroundColor ?? fallback?.BackgroundColor ?? '#666666',
      },
    },
    // Until someone acts on the order (an automatically accepted one still chimes when it arrives).
    Signal: o.signal,
    EnderecoServidorLocal: ctx.printServerUrl,
    Versao: o.version,
    TipoEntrega: o.deliveryKind,
    StoreId: o.storeId,
    NomeLoja: r.storeName,
    MesaId: o.tableId,
    TaxaEntrega: reais(o.deliveryFeeCents) ?? 0,
    CodigoRastreio: o.trackingCode,
    CodigoExterno: o.externalCode,
    Ifood: o.ifood ?? null,
    ModoEntrega: o.deliveryMode,
    EmpresaTransporte: o.deliveryPlatform,
    EntregaSandbox: o.courierSandbox,
    DataStatusImpressora: o.printerStatusAt?.toISOString() ?? null,
    DataAtualizacao: o.updatedAt.toISOString(),
    HistoricoEstados: (ctx.history.get(o.id) ?? []).map(({ h, userName }) => ({ EstadoId: h.toStateId, Data: h.at.toISOString(), Usuario: userName, Motivo: h.reason })),
    ReasonCancellation: o.cancellation ?? null,
    UrgenteEm: o.rushAt?.toISOString() ?? null,
    EstadoDesde: o.stateChangedAt.toISOString(),
    DespachadoEm: dispatchedAt(o.stateId, o.stateChangedAt, ctx.history.get(o.id) ?? []),
    TempoPreparo: o.prepMinutes ?? ctx.prepMinutes,
  };
}

/** When the order last went to Em transporte: now its state's start, or the history's last such step. */
function dispatchedAt(stateId: number, stateChangedAt: Date, history: Array<{ h: typeof orderStateHistory.$inferSelect }>): string | null {
  if (stateId === ORDER_STATE.EmTransporte) return stateChangedAt.toISOString();
  for (let i = history.length - 1; i >= 0; i--) if (history[i].h.toStateId === ORDER_STATE.EmTransporte) return history[i].h.at.toISOString();
  return null;
}

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

async function toDtos(q: Q, venueId: string, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.o.id);
  // One after another: inside a transaction they share one connection (pg deprecates overlapping queries on it).
  const states = await loadStates(q, venueId);
  const settings = await loadSettings(q, venueId);
  const items = await q.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const history = await q
    .select({ h: orderStateHistory, userName: users.name })
    .from(orderStateHistory)
    .leftJoin(users, eq(users.id, orderStateHistory.userId))
    .where(inArray(orderStateHistory.orderId, ids))
    .orderBy(asc(orderStateHistory.id));
  const ctx: DtoContext = {
    states,
    printServerUrl: settings?.printServerUrl ?? null,
    prepMinutes: settings?.prepMinutes ?? DEFAULT_PREP_MINUTES,
    defaultStation: settings?.defaultStation ?? DEFAULT_STATION,
    items: group(items, (i) => i.orderId),
    history: group(history, (r) => r.h.orderId),
  };
  return rows.map((r) => toDto(r, ctx));
}

/** One order of a venue as the contract shows it, or null. */
export async function findOrder(q: Q, venueId: string, orderId: string): Promise<Order | null> {
  if (!isUuid(orderId)) return null;
  const rows = await baseSelect(q).where(and(eq(orders.venueId, venueId), eq(orders.id, orderId)));
  const [dto] = await toDtos(q, venueId, rows);
  return dto ?? null;
}

/** The venue of an order (for access checks before anything else is read). */
export async function venueOfOrder(q: Q, orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await q.select({ venueId: orders.venueId }).from(orders).where(eq(orders.id, orderId));
  return row?.venueId ?? null;
}

/** The order row, locked for the rest of the transaction. */
export async function lockOrderRow(tx: Tx, venueId: string, orderId: string) {
  const [row] = await tx.select().from(orders).where(and(eq(orders.venueId, venueId), eq(orders.id, orderId))).for('update');
  return row ?? null;
}

export async function visitedStates(q: Q, orderId: string): Promise<number[]> {
  const rows = await q.select({ s: orderStateHistory.toStateId }).from(orderStateHistory).where(eq(orderStateHistory.orderId, orderId));
  return rows.map((r) => r.s);
}

/** Seconds from creation until now, frozen when the order leaves the timed states. */
export function frozenTimer(createdAt: Date, newStateId: number, current: number | null): number | null {
  if (current != null) return current;
  const timed = newStateId === ORDER_STATE.EmTransporte || (FINAL_STATES as readonly number[]).includes(newStateId);
  return timed ? Math.max(0, Math.round((Date.now() - createdAt.getTime()) / 1000)) : null;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type ParsedListQuery = Omit<KdsListQuery, 'etapas' | 'page' | 'size' | 'shouldOpenStore' | 'kdsDesktop' | 'modo'> & {
  etapas?: number[];
  page: number;
  size: number;
  modo?: typeof KDS_ACTIVE_MODE;
};

export interface OrderListResult {
  items: Order[];
  total: number;
  hasNext: boolean;
  byState: Array<{ EstadoId: number; Total: number }>;
}

/**
 * The board list. Paged (the spec's contract): filters, newest first, one page. Active mode: every
 * order of the active states matching the filters, oldest first (the kitchen's order of work), up
 * to KDS_ACTIVE_MAX, read through the partial index orders_venue_active_idx. Both answer the true
 * count of each state.
 */
export async function listOrders(q: Q, venueId: string, f: ParsedListQuery): Promise<OrderListResult> {
  const active = f.modo === KDS_ACTIVE_MODE;
  const where: SQL[] = [eq(orders.venueId, venueId)];
  const kw = f.keyword ? normalizeSearch(f.keyword) : '';
  if (kw) where.push(sql`${orders.searchText} like ${`%${escapeLike(kw)}%`}`);
  if (f.dataInicio) where.push(gte(orders.createdAt, new Date(f.dataInicio)));
  if (f.dataFim) where.push(lte(orders.createdAt, new Date(f.dataFim)));
  if (active) {
    // The literal list matches the partial index's predicate, so the planner can use it.
    where.push(sql`${orders.stateId} in (1, 2, 3, 4)`);
    const chosen = f.etapas?.filter((s) => (ACTIVE_STATES as readonly number[]).includes(s));
    if (f.etapas?.length && chosen?.length !== ACTIVE_STATES.length) where.push(chosen?.length ? inArray(orders.stateId, chosen) : sql`false`);
  } else if (f.etapas?.length) where.push(inArray(orders.stateId, f.etapas));
  // An id that is not a UUID matches nothing (rather than making the database raise).
  if (f.storeId) where.push(isUuid(f.storeId) ? eq(orders.storeId, f.storeId) : sql`false`);
  if (f.mesaId) where.push(isUuid(f.mesaId) ? eq(orders.tableId, f.mesaId) : sql`false`);
  const cond = and(...where);
  const size = active ? KDS_ACTIVE_MAX : f.size;
  const [counts, rows] = await Promise.all([
    q.select({ s: orders.stateId, n: sql<number>`count(*)::int` }).from(orders).where(cond).groupBy(orders.stateId),
    active
      ? baseSelect(q).where(cond).orderBy(asc(orders.createdAt), asc(orders.id)).limit(size)
      : baseSelect(q)
          .where(cond)
          // "nulls last" as the indexes are built (drizzle's desc()), so the newest page is an index scan.
          .orderBy(sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`)
          .limit(size)
          .offset((f.page - 1) * size),
  ]);
  const total = counts.reduce((a, c) => a + c.n, 0);
  const byState = counts.map((c) => ({ EstadoId: c.s, Total: c.n })).sort((a, b) => a.EstadoId - b.EstadoId);
  const hasNext = active ? total > rows.length : size * f.page < total;
  return { items: await toDtos(q, venueId, rows), total, hasNext, byState };
}

/** Appends an event to the venue's log and NOTIFYs every server process (delivered on commit). */
export async function appendEvent(tx: Tx, venueId: string, type: KdsEventType, order: Order): Promise<number> {
  const payload = {
    type,
    LocalClienteId: venueId,
    PedidoId: order.Id,
    Versao: order.Versao,
    EstadoId: order.WorkflowInstance.CurrenteState.Id,
    PedidoPOSPrinterStatus: order.PedidoPOSPrinterStatus,
    Signal: type === 'order.created' && order.Signal,
    Data: new Date().toISOString(),
    Pedido: order,
  };
  const [e] = await tx.insert(orderEvents).values({ venueId, type, orderId: order.Id, payload }).returning({ id: orderEvents.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${`${venueId}:${e.id}`})`);
  return e.id;
}

/**
 * The newest order event id of a venue (0 when none) and the settings' last change: the ETag seed
 * of api/kds. Payment-link events share the venue's log (one stream per venue) but change nothing
 * the board reads, so they do not turn the board's next 304 into a 200.
 */
export async function etagSeed(q: Q, venueId: string): Promise<string> {
  const res = (await q.execute(
    sql`select coalesce((select max(id) from ${orderEvents} where venue_id = ${venueId} and type not like 'paymentLink.%'), 0)::text as last,
               coalesce((select extract(epoch from updated_at)::text from ${kdsSettings} where venue_id = ${venueId}), '0') as settings`,
  )) as unknown as { rows: Array<{ last: string; settings: string }> };
  const r = res.rows[0];
  return `${r.last}.${r.settings.replace('.', '')}`;
}

export async function lastEventId(q: Q, venueId: string): Promise<number> {
  const res = (await q.execute(sql`select coalesce(max(id), 0)::text as last from ${orderEvents} where venue_id = ${venueId}`)) as unknown as {
    rows: Array<{ last: string }>;
  };
  return Number(res.rows[0].last);
}

export async function eventsAfter(q: Q, venueId: string, afterId: number, limit = 500) {
  return q
    .select({ id: orderEvents.id, type: orderEvents.type, payload: orderEvents.payload })
    .from(orderEvents)
    .where(and(eq(orderEvents.venueId, venueId), sql`${orderEvents.id} > ${afterId}`))
    .orderBy(asc(orderEvents.id))
    .limit(limit);
}

export async function eventExists(q: Q, venueId: string, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.venueId, venueId), eq(orderEvents.id, id)));
  return !!row;
}

/** Lower case without accents, so "joao" finds "João". */
export function normalizeSearch(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** The text the keyword filter searches: code, customer name and phone, table, marketplace code, items. */
export function searchTextOf(code: number, customer: { Nome: string; Telefone: string }, items: Array<{ name: string }>, tableName: string | null, externalCode: string | null): string {
  return normalizeSearch([`#${code}`, customer.Nome, customer.Telefone, tableName ?? '', externalCode ?? '', ...items.map((i) => i.name)].join(' '));
}
