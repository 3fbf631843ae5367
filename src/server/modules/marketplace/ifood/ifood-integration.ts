/**
 * iFood orders in, board actions out. For every venue whose integration is on (switch + merchant id
 * in marketplace_integrations), every IFOOD_POLL_MS (30 s, iFood's rhythm):
 *
 * 1. GET /events/v1.0/events:polling with `x-polling-merchants: {merchant id}`;
 * 2. store each event (ifood_events, keyed by the event id: a duplicate is the same row);
 * 3. only then POST /events/v1.0/events/acknowledgment;
 * 4. handle the stored events not handled yet, oldest `createdAt` first: PLACED → GET the order and
 *    place it through the board's own intake (idempotency key `ifood:{orderId}`: it lands once);
 *    CANCELLED → the ticket goes to Recusado with iFood's reason and chimes. An event whose order is
 *    not here yet (out of order) brings the order first. A failure leaves the event (and the later
 *    ones of its order) for the next round: nothing depends on iFood sending it again.
 *
 * One process polls a venue at a time (marketplace_poll_leases, an atomic conditional upsert).
 * Settings: IFOOD_API_URL, IFOOD_CLIENT_ID, IFOOD_CLIENT_SECRET, IFOOD_POLL_MS,
 * IFOOD_SANDBOX_ORDER_MS (README). Without credentials the in-process sandbox answers.
 */
import { NOT_CONFIGURED_MSG } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../../../shared/contract/orders';
import { FINAL_STATES, ORDER_STATE, type OrderStateId } from '../../../../shared/orders';
import type { DbHandle } from '../../../db/client';
import { ifoodEvents, ifoodOrders, marketplaceIntegrations } from '../../../db/schema/marketplace';
import { marketplacePollLeases, orderStateHistory } from '../../../db/schema/orders';
import type { AuthUser } from '../../../plugins/auth';
import { frozenTimer } from '../../orders/orders.repository';
import type { OrdersService } from '../../orders/orders.service';
import { IFOOD_API_URL_DEFAULT, IfoodClient, IfoodError } from './adapters/ifood';
import { deliveryModeOf, ticketOf, toIntake } from './ifood-mapping';
import { enqueueMissed } from './ifood-actions';
import { IfoodSandbox } from './adapters/sandbox';
import {
  centsToReais,
  IFOOD_EVENT,
  ifoodDisputeAlternative,
  ifoodDisputeItem,
  ifoodDisputeMetadata,
  ifoodSettlementMetadata,
  type IfoodDisputeMetadata,
  type IfoodEvent,
  type IfoodMerchantStatus,
} from './adapters/types';
import { IFOOD_DISPUTE_STATUS, type IfoodDispute, type IfoodTicket } from '../../../../shared/contract/ifood-ticket';

/** The first non-empty text among these metadata keys. */
function metaText(meta: Record<string, unknown> | null, keys: string[]): string | null {
  for (const k of keys) {
    const v = meta?.[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

/** Who places iFood orders: no signed-in user (history and keys record none). */
const IFOOD_USER = { id: null, email: '', name: 'iFood', roles: '', isAdmin: false, sessionId: '', sessionExpiresAt: new Date(0) } as unknown as AuthUser;
/** iFood keeps events 8 hours; one we still cannot handle after that is given up (and logged). */
/** Merchants in one events:polling request (`x-polling-merchants`): iFood accepts up to 100. */
export const IFOOD_POLL_MERCHANTS_MAX = 100;
const GIVE_UP_MS = 8 * 3600_000;
const STATUS_CACHE_MS = 10_000;
const SANDBOX_BASE_URL = 'http://ifood-sandbox.invalid';

export interface IfoodSettings {
  apiUrl: string;
  clientId: string | null;
  clientSecret: string | null;
  /** Poll period; 0 = this process never polls (nothing arrives). */
  pollMs: number;
  /** Sandbox only: one order per store this often (0 = only on "Simular pedido"). */
  sandboxOrderMs: number;
  /** Poll by itself (API tests drive polling instead). */
  background: boolean;
  /** Whether the in-process sandbox may answer without credentials (lib/sandboxes.ts: never in production unless allowed). */
  sandboxAllowed?: boolean;
}

function ms(v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function ifoodSettingsFromEnv(env: Record<string, string | undefined>): IfoodSettings {
  const test = env.NODE_ENV === 'test';
  const production = env.NODE_ENV === 'production';
  return {
    apiUrl: env.IFOOD_API_URL?.trim() || IFOOD_API_URL_DEFAULT,
    clientId: env.IFOOD_CLIENT_ID?.trim() || null,
    clientSecret: env.IFOOD_CLIENT_SECRET?.trim() || null,
    // Unit and API tests drive polling themselves; everywhere else it runs by default.
    pollMs: ms(env.IFOOD_POLL_MS, test ? 0 : 30_000),
    // A production server without iFood credentials never invents orders by itself.
    sandboxOrderMs: ms(env.IFOOD_SANDBOX_ORDER_MS, production ? 0 : 180_000),
    // API tests drive polling themselves, unless they set IFOOD_POLL_MS (an end-to-end server does).
    background: !test || !!env.IFOOD_POLL_MS?.trim(),
    sandboxAllowed: sandboxAllowed(env, 'ifood'),
  };
}

export class IfoodIntegration {
  readonly owner = randomUUID();
  sandbox: IfoodSandbox | null;
  client: IfoodClient;
  /** Production without iFood credentials nor ALLOW_SANDBOXES=ifood: what to set (nothing polls, nothing is simulated). */
  readonly notConfigured: string | null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Until when iFood's rate limit asked us not to poll (its Retry-After), in ms since the epoch. */
  private pollPausedUntil = 0;
  private running: Promise<unknown> | null = null;
  private statusCache = new Map<string, { at: number; value: Promise<IfoodMerchantStatus> }>();

  constructor(
    private readonly handle: DbHandle,
    readonly service: () => OrdersService,
    private readonly log: FastifyBaseLogger,
    readonly settings: IfoodSettings,
    opts: { client?: IfoodClient; sandbox?: IfoodSandbox | null; leaseMs?: number } = {},
  ) {
    const real = !!(settings.clientId && settings.clientSecret);
    const off = !real && settings.sandboxAllowed === false && !opts.client && !opts.sandbox;
    this.notConfigured = off ? NOT_CONFIGURED_MSG.ifood : null;
    this.sandbox = opts.sandbox !== undefined ? opts.sandbox : real || off ? null : new IfoodSandbox({ orderEveryMs: settings.sandboxOrderMs });
    const refuse: typeof fetch = () => Promise.reject(new ProviderNotConfiguredError(NOT_CONFIGURED_MSG.ifood));
    this.client =
      opts.client ??
      (this.sandbox
        ? new IfoodClient({ baseUrl: SANDBOX_BASE_URL, clientId: this.sandbox.clientId, clientSecret: this.sandbox.clientSecret, fetch: this.sandbox.fetch })
        : off
          ? new IfoodClient({ baseUrl: settings.apiUrl, clientId: 'nao-configurado', clientSecret: 'nao-configurado', fetch: refuse })
          : new IfoodClient({ baseUrl: settings.apiUrl, clientId: settings.clientId!, clientSecret: settings.clientSecret! }));
    this.leaseMs = opts.leaseMs ?? 60_000;
  }
  private readonly leaseMs: number;

  private get db() {
    return this.handle.db;
  }

  get polling(): boolean {
    return !this.notConfigured && this.settings.pollMs > 0;
  }

  /** Takes (or renews) this process's lease on the venue; false while another process holds it. */
  async lease(venueId: string): Promise<boolean> {
    const until = new Date(Date.now() + this.leaseMs);
    const rows = await this.db
      .insert(marketplacePollLeases)
      .values({ venueId, owner: this.owner, until })
      .onConflictDoUpdate({
        target: marketplacePollLeases.venueId,
        set: { owner: this.owner, until },
        setWhere: sql`${marketplacePollLeases.until} < now() or ${marketplacePollLeases.owner} = ${this.owner}`,
      })
      .returning({ owner: marketplacePollLeases.owner });
    return rows.length > 0;
  }

  async release(venueId: string): Promise<void> {
    await this.db.delete(marketplacePollLeases).where(and(eq(marketplacePollLeases.venueId, venueId), eq(marketplacePollLeases.owner, this.owner)));
  }

  /** The venues whose integration is on, with their merchant id. */
  async activeVenues(): Promise<Array<{ venueId: string; merchantId: string }>> {
    return this.db
      .select({ venueId: marketplaceIntegrations.id, merchantId: marketplaceIntegrations.merchantId })
      .from(marketplaceIntegrations)
      .where(and(eq(marketplaceIntegrations.isActive, true), ne(marketplaceIntegrations.merchantId, '')));
  }

  /**
   * One round over every venue with the integration on. The venues this process leases are polled
   * together, IFOOD_POLL_MERCHANTS_MAX merchants per request (`x-polling-merchants`, iFood: group the
   * merchants of one integration instead of one request each), so a process serving many venues stays
   * far from iFood's requests-per-minute limit.
   */
  async pollOnce(): Promise<{ stored: number; skipped: number; failed: number }> {
    // iFood's rate limit said when to ask again (Retry-After on a 429): no polling request before then.
    if (Date.now() < this.pollPausedUntil) return { stored: 0, skipped: 0, failed: 0 };
    let stored = 0;
    let skipped = 0;
    let failed = 0;
    const leased: Array<{ venueId: string; merchantId: string }> = [];
    for (const v of await this.activeVenues()) {
      if (await this.lease(v.venueId)) leased.push(v);
      else skipped += 1;
    }
    for (let i = 0; i < leased.length; i += IFOOD_POLL_MERCHANTS_MAX) {
      const group = leased.slice(i, i + IFOOD_POLL_MERCHANTS_MAX);
      try {
        if (Date.now() < this.pollPausedUntil) throw new IfoodError(429, 'events:polling');
        stored += await this.pollMerchants(group);
      } catch (err) {
        failed += group.length;
        const status = err instanceof IfoodError ? err.status : undefined;
        const wait = err instanceof IfoodError && err.retryAfterMs ? Math.min(err.retryAfterMs, 3_600_000) : 0;
        if (wait) this.pollPausedUntil = Date.now() + wait;
        this.log.warn({ venues: group.length, status, retryAfterMs: wait || undefined }, 'consulta de eventos do iFood falhou; nova tentativa na próxima rodada');
      }
      // Events stored earlier (a failed round, another process's) are handled even when iFood is down.
      for (const v of group) await this.handlePending(v.venueId);
    }
    return { stored, skipped, failed };
  }

  /** Polls one venue's merchant, stores the new events and acknowledges them. Answers how many were new. */
  async pollVenue(venueId: string, merchantId: string): Promise<number> {
    return this.pollMerchants([{ venueId, merchantId }]);
  }

  /**
   * One polling request for these venues' merchants: each event is stored under the venue of its
   * `merchantId` (with one merchant asked, an event without one is that merchant's), then the stored
   * ones are acknowledged. An event of a merchant not asked for is neither stored nor acknowledged.
   */
  private async pollMerchants(group: Array<{ venueId: string; merchantId: string }>): Promise<number> {
    const venueOf = new Map(group.map((v) => [v.merchantId, v.venueId]));
    const events = (await this.client.pollEvents([...venueOf.keys()])).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    if (!events.length) return 0;
    const byVenue = new Map<string, { merchantId: string; events: IfoodEvent[] }>();
    for (const e of events) {
      const merchantId = e.merchantId ?? (group.length === 1 ? group[0].merchantId : undefined);
      const venueId = merchantId ? venueOf.get(merchantId) : undefined;
      if (!merchantId || !venueId) continue;
      const entry = byVenue.get(venueId) ?? { merchantId, events: [] };
      entry.events.push(e);
      byVenue.set(venueId, entry);
    }
    let inserted = 0;
    for (const [venueId, v] of byVenue) inserted += await this.store(venueId, v.merchantId, v.events);
    // Stored (committed) before acknowledged: iFood's rule.
    const ids = [...byVenue.values()].flatMap((v) => v.events.map((e) => e.id));
    if (!ids.length) return 0;
    await this.client.acknowledge(ids);
    await this.db.update(ifoodEvents).set({ acknowledgedAt: new Date() }).where(and(inArray(ifoodEvents.id, ids), isNull(ifoodEvents.acknowledgedAt)));
    return inserted;
  }

  private async store(venueId: string, merchantId: string, events: IfoodEvent[]): Promise<number> {
    const rows = await this.db
      .insert(ifoodEvents)
      .values(
        events.map((e) => ({
          id: e.id,
          venueId,
          merchantId: e.merchantId ?? merchantId,
          ifoodOrderId: e.orderId ?? null,
          code: e.code,
          fullCode: e.fullCode ?? '',
          metadata: e.metadata ?? null,
          createdAt: new Date(Number.isNaN(Date.parse(e.createdAt)) ? Date.now() : Date.parse(e.createdAt)),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: ifoodEvents.id });
    return rows.length;
  }

  /** Handles the venue's stored events not handled yet, oldest first; answers how many were handled. */
  async handlePending(venueId: string): Promise<number> {
    const pending = await this.db
      .select()
      .from(ifoodEvents)
      .where(and(eq(ifoodEvents.venueId, venueId), isNull(ifoodEvents.handledAt)))
      .orderBy(asc(ifoodEvents.createdAt), asc(ifoodEvents.receivedAt))
      .limit(500);
    const blocked = new Set<string>();
    let handled = 0;
    for (const e of pending) {
      if (e.ifoodOrderId && blocked.has(e.ifoodOrderId)) continue;
      try {
        await this.handleEvent(e);
        await this.db.update(ifoodEvents).set({ handledAt: new Date(), lastError: null }).where(eq(ifoodEvents.id, e.id));
        handled += 1;
      } catch (err) {
        if (e.ifoodOrderId) blocked.add(e.ifoodOrderId);
        const message = err instanceof Error ? err.message.slice(0, 300) : 'erro';
        const giveUp = Date.now() - e.createdAt.getTime() > GIVE_UP_MS;
        await this.db
          .update(ifoodEvents)
          .set({ attempts: e.attempts + 1, lastError: message, ...(giveUp ? { handledAt: new Date() } : {}) })
          .where(eq(ifoodEvents.id, e.id));
        this.log.warn({ venueId, event: e.code, attempts: e.attempts + 1, giveUp }, 'evento do iFood não tratado; nova tentativa na próxima rodada');
      }
    }
    return handled;
  }

  private async handleEvent(e: typeof ifoodEvents.$inferSelect): Promise<void> {
    if (!e.ifoodOrderId) return;
    if (e.code === IFOOD_EVENT.placed || e.fullCode === 'PLACED') {
      await this.importOrder(e.venueId, e.ifoodOrderId);
      return;
    }
    const is = (code: string, full: string) => e.code === code || e.fullCode === full;
    if (is(IFOOD_EVENT.confirmed, 'CONFIRMED')) {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      await this.confirmedLocally(e.venueId, orderId);
      return;
    }
    if (is(IFOOD_EVENT.cancellationRequestFailed, 'CANCELLATION_REQUEST_FAILED')) {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      const reason = metaText(e.metadata, ['CANCEL_REASON', 'reason', 'message', 'description']) ?? 'O iFood não aceitou o cancelamento; o pedido continua.';
      await this.cancellationFailed(e.venueId, orderId, reason.slice(0, 500));
      return;
    }
    if (is(IFOOD_EVENT.dispute, 'HANDSHAKE_DISPUTE')) {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      const m = ifoodDisputeMetadata.safeParse(e.metadata ?? {});
      if (!m.success) return; // a dispute without its id cannot be answered: nothing to show
      const d = m.data;
      const itens = await this.disputeItems(e.ifoodOrderId, d);
      const alternativas = (d.alternatives ?? []).flatMap((raw) => {
        const a = ifoodDisputeAlternative.safeParse(raw);
        return a.success ? [{ Id: a.data.id.slice(0, 100), Tipo: a.data.type.toUpperCase().slice(0, 40), ValorMaximo: centsToReais(a.data.metadata?.maxAmount) }] : [];
      });
      await this.patchTicket(e.venueId, orderId, (t) => ({
        ...t,
        Negociacao: {
          Id: d.disputeId,
          Acao: d.action ?? 'CANCELLATION',
          Tipo: d.handshakeType ?? null,
          Mensagem: (d.message ?? '').slice(0, 500),
          ExpiraEm: d.expiresAt && Number.isFinite(Date.parse(d.expiresAt)) ? new Date(d.expiresAt).toISOString() : null,
          AoExpirar: d.timeoutAction ?? null,
          Situacao: IFOOD_DISPUTE_STATUS.open,
          Itens: itens,
          Alternativas: alternativas.slice(0, 10),
          Proposta: null,
          Resultado: null,
        },
      }), true);
      return;
    }
    if (is(IFOOD_EVENT.settlement, 'HANDSHAKE_SETTLEMENT')) {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      const m = ifoodSettlementMetadata.safeParse(e.metadata ?? {});
      const status = (m.success ? (m.data.status ?? '') : '').toUpperCase();
      await this.patchTicket(e.venueId, orderId, (t) => {
        const n = t.Negociacao;
        if (!n || (m.success && m.data.disputeId && m.data.disputeId !== n.Id)) return null;
        // ACCEPTED / REJECTED settle it; after a proposal of ours any other status is kept as iFood
        // says it (its settlement of a counter-proposal is not described in what we could read).
        const situacao =
          status === 'ACCEPTED' ? IFOOD_DISPUTE_STATUS.accepted
          : status === 'REJECTED' ? IFOOD_DISPUTE_STATUS.rejected
          : n.Situacao === IFOOD_DISPUTE_STATUS.proposed && status !== 'EXPIRED' ? IFOOD_DISPUTE_STATUS.proposed
          : IFOOD_DISPUTE_STATUS.expired;
        return { ...t, Negociacao: { ...n, Situacao: situacao, Resultado: status ? status.slice(0, 60) : null } };
      });
      // An accepted cancellation is followed by iFood's CANCELLED event, which moves the ticket.
      return;
    }
    if (e.code === IFOOD_EVENT.cancelled || e.fullCode === 'CANCELLED') {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      const meta = e.metadata ?? {};
      const code = typeof meta.CANCEL_CODE === 'string' ? meta.CANCEL_CODE : e.code;
      const reason = typeof meta.CANCEL_REASON === 'string' && meta.CANCEL_REASON.trim() ? meta.CANCEL_REASON.trim() : 'Pedido cancelado no iFood';
      await this.cancelLocally(e.venueId, orderId, code.slice(0, 20), reason.slice(0, 500));
    }
    // Moves made in another app (iFood's Gestor de Pedidos, the merchant's other system) reach the
    // board; the echoes of our own actions find the ticket already there and change nothing.
    const forward: Array<[string, string, OrderStateId]> = [
      ['PRS', 'PREPARATION_STARTED', ORDER_STATE.EmPreparo],
      ['RTP', 'READY_TO_PICKUP', ORDER_STATE.EmTransporte],
      ['DSP', 'DISPATCHED', ORDER_STATE.EmTransporte],
      ['CON', 'CONCLUDED', ORDER_STATE.Entregue],
    ];
    const step = forward.find(([code, full]) => is(code, full));
    if (step) {
      const orderId = await this.importOrder(e.venueId, e.ifoodOrderId);
      await this.advancedElsewhere(e.venueId, orderId, step[2], step[1]);
    }
  }

  /** Our order of an iFood order, placing it first when it is not here yet. */
  async importOrder(venueId: string, ifoodOrderId: string): Promise<string> {
    const [known] = await this.db
      .select({ orderId: ifoodOrders.orderId })
      .from(ifoodOrders)
      .where(and(eq(ifoodOrders.venueId, venueId), eq(ifoodOrders.ifoodOrderId, ifoodOrderId)));
    if (known) return known.orderId;
    const o = await this.client.getOrder(ifoodOrderId);
    const sandbox = !!this.sandbox;
    const result = await this.service().intake(IFOOD_USER, toIntake(venueId, o, sandbox) as never, `ifood:${ifoodOrderId}`);
    if (result.status !== 201) throw new Error(`intake ${result.status}`);
    const order = result.body as Order;
    const mode = deliveryModeOf(o);
    // Linked under the venue lock: a board command either ran before (its call is written from the
    // order's history here) or runs after and finds the link (ifoodOnTransition).
    await this.service().change(venueId, order.Id, 'order.changed', async (row, tx) => {
      const [link] = await tx
        .insert(ifoodOrders)
        .values({
          orderId: order.Id,
          venueId,
          ifoodOrderId,
          merchantId: o.merchant.id,
          displayId: o.displayId,
          orderType: o.orderType,
          deliveredBy: o.delivery?.deliveredBy ?? null,
          sandbox,
        })
        .onConflictDoNothing()
        .returning();
      if (link) await enqueueMissed(tx, link);
      return { ifood: row.ifood ?? ticketOf(o), ...(mode !== null && row.deliveryMode == null ? { deliveryMode: mode } : {}) };
    });
    return order.Id;
  }

  /**
   * The items of a partial cancellation (metadata.items) with their names: iFood's Item carries ids,
   * index, quantity and amount but no name, so the name comes from iFood's order (its uniqueId, id,
   * externalCode or index); an order iFood no longer serves leaves "Item n".
   */
  private async disputeItems(ifoodOrderId: string, d: IfoodDisputeMetadata): Promise<IfoodDispute['Itens']> {
    const raw = [...(d.metadata?.items ?? []), ...(d.metadata?.item ?? [])].slice(0, 50);
    const items = raw.flatMap((r) => {
      const i = ifoodDisputeItem.safeParse(r);
      return i.success ? [i.data] : [];
    });
    if (!items.length) return [];
    const orderItems = await this.client.getOrder(ifoodOrderId).then((o) => o.items).catch(() => []);
    return items.map((i, n) => {
      const match = orderItems.find(
        (o) => (i.uniqueId && o.uniqueId === i.uniqueId) || (i.id && o.id === i.id) || (i.externalCode && o.externalCode === i.externalCode) || (i.index != null && o.index === i.index),
      );
      const name = match?.name.trim() || `Item ${i.index ?? n + 1}`;
      return { Nome: name.slice(0, 200), Quantidade: Math.max(1, Math.round(i.quantity ?? 1)), Valor: centsToReais(i.amount), Motivo: i.reason?.trim().slice(0, 200) || null };
    });
  }

  /** Changes the order's Ifood field (null from `f`: nothing to change); `signal` makes it call again. */
  async patchTicket(venueId: string, orderId: string, f: (t: IfoodTicket) => IfoodTicket | null, signal = false): Promise<void> {
    await this.service().change(venueId, orderId, 'order.changed', (row) => {
      if (!row.ifood) return null;
      const next = f(row.ifood);
      return next ? { ifood: next, ...(signal ? { signal: true } : {}) } : null;
    });
  }

  /**
   * iFood confirmed the order (our confirm echoed, or confirmed elsewhere): a ticket still Pendente here
   * moves to Aceito, without a call back to iFood (this path is not a board command).
   */
  async confirmedLocally(venueId: string, orderId: string): Promise<void> {
    await this.service().change(venueId, orderId, 'order.changed', async (row, tx) => {
      if (row.stateId !== ORDER_STATE.Pendente) return null;
      const now = new Date();
      await tx.insert(orderStateHistory).values({ orderId, fromStateId: row.stateId, toStateId: ORDER_STATE.Aceito, command: 'ifoodConfirmed', userId: null, reason: null, at: now });
      return { stateId: ORDER_STATE.Aceito, stateChangedAt: now, signal: false };
    });
  }

  /**
   * iFood says the order moved on (PREPARATION_STARTED, READY_TO_PICKUP, DISPATCHED, CONCLUDED) because
   * someone acted in another app: the ticket moves forward to match, never back, never out of a final
   * state, and without calling iFood back (the state history names the event).
   */
  async advancedElsewhere(venueId: string, orderId: string, to: OrderStateId, event: string): Promise<void> {
    await this.service().change(venueId, orderId, 'order.changed', async (row, tx) => {
      if ((FINAL_STATES as readonly number[]).includes(row.stateId) || row.stateId >= to) return null;
      const now = new Date();
      await tx.insert(orderStateHistory).values({ orderId, fromStateId: row.stateId, toStateId: to, command: 'ifoodAdvanced', userId: null, reason: `iFood: ${event}`, at: now });
      return { stateId: to, stateChangedAt: now, signal: false };
    });
  }

  /**
   * iFood refused our cancellation (CANCELLATION_REQUEST_FAILED): the order is still live there, so the
   * ticket leaves Recusado for the state it was refused from, with iFood's reason, and calls again.
   */
  async cancellationFailed(venueId: string, orderId: string, reason: string): Promise<void> {
    await this.service().change(venueId, orderId, 'order.changed', async (row, tx) => {
      const ticket = row.ifood ? { ...row.ifood, FalhaCancelamento: reason } : null;
      if (row.stateId !== ORDER_STATE.Recusado) return ticket ? { ifood: ticket, signal: true } : null;
      const [last] = await tx
        .select({ from: orderStateHistory.fromStateId })
        .from(orderStateHistory)
        .where(and(eq(orderStateHistory.orderId, orderId), eq(orderStateHistory.toStateId, ORDER_STATE.Recusado)))
        .orderBy(desc(orderStateHistory.id))
        .limit(1);
      const back = last?.from && last.from !== ORDER_STATE.Recusado ? last.from : ORDER_STATE.Pendente;
      const now = new Date();
      await tx.insert(orderStateHistory).values({ orderId, fromStateId: row.stateId, toStateId: back, command: 'ifoodCancellationFailed', userId: null, reason, at: now });
      return { stateId: back, stateChangedAt: now, cancellation: null, timerSeconds: null, signal: true, ...(ticket ? { ifood: ticket } : {}) };
    });
  }

  /** iFood cancelled the order: Recusado with iFood's reason, and the board chimes (Signal). */
  async cancelLocally(venueId: string, orderId: string, cancellationCode: string, reason: string): Promise<void> {
    await this.service().change(venueId, orderId, 'order.changed', async (row, tx) => {
      if ((FINAL_STATES as readonly number[]).includes(row.stateId)) return null;
      const now = new Date();
      await tx.insert(orderStateHistory).values({ orderId, fromStateId: row.stateId, toStateId: ORDER_STATE.Recusado, command: 'ifoodCancelled', userId: null, reason, at: now });
      return {
        stateId: ORDER_STATE.Recusado,
        stateChangedAt: now,
        cancellation: { cancellationCode, reason },
        signal: true,
        timerSeconds: frozenTimer(row.createdAt, ORDER_STATE.Recusado, row.timerSeconds),
      };
    });
  }

  /** The link of one of our orders to iFood, or null. */
  async linkOf(orderId: string) {
    const [link] = await this.db.select().from(ifoodOrders).where(eq(ifoodOrders.orderId, orderId));
    return link ?? null;
  }

  /** GET /merchant/v1.0/merchants/{id}/status, remembered for 10 s (the board asks often). */
  merchantStatus(merchantId: string): Promise<IfoodMerchantStatus> {
    const hit = this.statusCache.get(merchantId);
    if (hit && Date.now() - hit.at < STATUS_CACHE_MS) return hit.value;
    const value = this.client.merchantStatus(merchantId);
    this.statusCache.set(merchantId, { at: Date.now(), value });
    value.catch(() => this.statusCache.delete(merchantId));
    return value;
  }

  forgetStatus(): void {
    this.statusCache.clear();
  }

  /** Talks to another iFood from now on (tests: a loopback fake); the sandbox is dropped. */
  connect(client: IfoodClient, sandbox: IfoodSandbox | null = null): void {
    this.client = client;
    this.sandbox = sandbox;
    this.statusCache.clear();
  }

  /** Polls now and every `pollMs` (board actions go out through the job queue: ifood-actions.ts). */
  async start(): Promise<void> {
    if (!this.settings.background) return;
    if (this.sandbox) this.log.info({ polling: this.settings.pollMs, sandboxOrderMs: this.settings.sandboxOrderMs }, 'iFood: sandbox em processo (sem IFOOD_CLIENT_ID)');
    if (!this.polling) return;
    const round = () => {
      if (this.running) return;
      this.running = this.pollOnce()
        .catch((err) => this.log.warn({ err }, 'rodada de consulta ao iFood falhou'))
        .finally(() => (this.running = null));
    };
    this.timer = setInterval(round, this.settings.pollMs);
    this.timer.unref();
    round();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
