/**
 * The sandbox iFood: an in-process implementation of iFood's Merchant API v1.0 (the same paths,
 * headers, bodies and status codes), which the real adapter (adapters/ifood.ts) reaches through
 * `fetch` when no IFOOD_CLIENT_ID is configured. So the demo and the tests run the real client
 * code. It places an order by itself every `orderEveryMs` for each store that polls it (and on
 * demand: "Simular pedido"); its orders and customers say "sandbox". State lives in memory.
 */
import { randomUUID } from 'node:crypto';
import type { IfoodSandboxScenario } from '../../../../../shared/contract/marketplace';
import { IFOOD_ACTIONS, type IfoodAction, type IfoodOrderInput } from './types';

const TOKEN_TTL_S = 6 * 3600;
/** iFood wants a poll every 30 s; a store not heard from in this long shows as disconnected. */
const CONNECTED_WITHIN_MS = 90_000;

export const SANDBOX_CANCELLATION_REASONS = [
  { cancelCodeId: '501', description: 'Problemas de sistema' },
  { cancelCodeId: '502', description: 'Pedido em duplicidade' },
  { cancelCodeId: '503', description: 'Item indisponível' },
  { cancelCodeId: '504', description: 'Restaurante sem motoboy' },
  { cancelCodeId: '505', description: 'Cardápio desatualizado' },
  { cancelCodeId: '506', description: 'Pedido fora da área de entrega' },
  { cancelCodeId: '507', description: 'Cliente golpista / trote' },
  { cancelCodeId: '508', description: 'Fora do horário do delivery' },
  { cancelCodeId: '509', description: 'Dificuldades internas do restaurante' },
  { cancelCodeId: '511', description: 'Área de risco' },
] as const;

/** The order status an action leads to, and the event iFood emits for it. */
const ACTION_EFFECT: Record<Exclude<IfoodAction, 'requestCancellation'>, { status: string; code: string; fullCode: string; from: string[] }> = {
  confirm: { status: 'CONFIRMED', code: 'CFM', fullCode: 'CONFIRMED', from: ['PLACED'] },
  startPreparation: { status: 'PREPARATION_STARTED', code: 'PRS', fullCode: 'PREPARATION_STARTED', from: ['CONFIRMED'] },
  readyToPickup: { status: 'READY_TO_PICKUP', code: 'RTP', fullCode: 'READY_TO_PICKUP', from: ['CONFIRMED', 'PREPARATION_STARTED'] },
  dispatch: { status: 'DISPATCHED', code: 'DSP', fullCode: 'DISPATCHED', from: ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'] },
};

interface SandboxOrder {
  order: IfoodOrderInput;
  /** iFood refuses a cancellation of this order (CANCELLATION_REQUEST_FAILED). */
  refuseCancellation: boolean;
  /** Its customer asks to cancel once it is confirmed (HANDSHAKE_DISPUTE). */
  dispute: boolean;
  /** Its customer asks to cancel one item once it left the kitchen (PARTIAL_CANCELLATION). */
  partial: boolean;
  merchantId: string;
  status: string;
  /** Every action call received, in order (what the demo screen and the tests look at). */
  calls: string[];
}
interface SandboxEvent {
  body: { id: string; code: string; fullCode: string; orderId: string; merchantId: string; createdAt: string; salesChannel: string; metadata?: Record<string, unknown> };
  acked: boolean;
}

const MENU = [
  { name: 'X-Burguer', unitPrice: 28.9, options: [{ groupName: 'Ponto da carne', name: 'Ao ponto', price: 0 }, { groupName: 'Adicionais', name: 'Bacon', price: 4 }], observations: 'Sem cebola, por favor' },
  { name: 'Batata frita', unitPrice: 16.5, options: [{ groupName: 'Tamanho', name: 'Grande', price: 3 }], observations: null },
  { name: 'Refrigerante lata', unitPrice: 6, options: [], observations: null },
  { name: 'Suco de laranja', unitPrice: 9, options: [{ groupName: 'Açúcar', name: 'Sem açúcar', price: 0 }], observations: 'Bem gelado' },
  { name: 'Açaí 500 ml', unitPrice: 22, options: [{ groupName: 'Complementos', name: 'Granola', price: 2 }, { groupName: 'Complementos', name: 'Leite em pó', price: 2 }], observations: null },
];

/** A CPF with valid check digits (a test number, like iFood's sandbox customers'). */
function sandboxCpf(seq: number): string {
  const base = String(100_000_000 + ((seq * 7919) % 899_999_999)).slice(0, 9).split('').map(Number);
  for (const len of [9, 10]) {
    const sum = base.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    base.push(r === 10 ? 0 : r);
  }
  return base.join('');
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface SandboxOrderView {
  id: string;
  displayId: string;
  merchantId: string;
  status: string;
  createdAt: string;
  calls: string[];
}

export class IfoodSandbox {
  readonly clientId = 'sandbox';
  readonly clientSecret = randomUUID();
  private tokens = new Map<string, number>();
  private orders = new Map<string, SandboxOrder>();
  private events: SandboxEvent[] = [];
  private lastPoll = new Map<string, number>();
  private lastPlaced = new Map<string, number>();
  /** Merchant interruptions (pauses) per store, as POST …/interruptions made them. */
  private interruptions = new Map<string, Array<{ id: string; description: string; start: string; end: string }>>();
  private seq = 0;

  constructor(
    private readonly opts: { orderEveryMs: number; now?: () => number } = { orderEveryMs: 0 },
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** Places an order for the store now; returns iFood's order id. */
  place(merchantId: string, kind: 'DELIVERY' | 'TAKEOUT' | null = null, scenario: IfoodSandboxScenario | null = null): string {
    this.seq += 1;
    const n = this.seq;
    const id = randomUUID();
    const createdAt = new Date(this.now()).toISOString();
    // Without a scenario the sandbox rotates through every shape of iFood's homologation.
    const sc = scenario ?? ([null, 'desconto', 'retirada', 'agendado', 'negociacao', 'recusaCancelamento', 'cancelamentoParcial'] as const)[n % 7];
    const type = kind ?? (sc === 'retirada' ? 'TAKEOUT' : sc ? 'DELIVERY' : n % 4 === 0 ? 'TAKEOUT' : 'DELIVERY');
    const scheduled = sc === 'agendado';
    // A scheduled order: the customer's window two hours from now, preparation 40 minutes before it.
    const windowStart = Math.ceil((this.now() + 2 * 3600_000) / 900_000) * 900_000;
    const prepStart = scheduled ? windowStart - 40 * 60_000 : this.now();
    const picks = [MENU[n % MENU.length], MENU[(n + 2) % MENU.length]];
    const items = picks.map((m, i) => {
      const quantity = i === 0 ? 1 : 2;
      const options = m.options.map((o, j) => ({ index: j + 1, id: randomUUID(), name: o.name, groupName: o.groupName, unit: 'UN', quantity, unitPrice: o.price, addition: o.price, price: round2(o.price * quantity) }));
      const optionsPrice = round2(options.reduce((acc, o) => acc + o.price, 0));
      return {
        index: i + 1,
        id: randomUUID(),
        uniqueId: randomUUID(),
        name: m.name,
        externalCode: `SBX-${i + 1}`,
        unit: 'UN',
        quantity,
        unitPrice: m.unitPrice,
        price: round2(m.unitPrice * quantity),
        optionsPrice,
        totalPrice: round2(m.unitPrice * quantity + optionsPrice),
        observations: m.observations,
        options,
      };
    });
    const subTotal = round2(items.reduce((acc, i) => acc + i.totalPrice, 0));
    const deliveryFee = type === 'DELIVERY' ? 5.99 : 0;
    // A R$ 15,00 coupon, R$ 10,00 paid by iFood and R$ 5,00 by the store (benefits[].sponsorshipValues).
    const benefits =
      sc === 'desconto'
        ? [{ value: 15, target: 'CART', sponsorshipValues: [{ name: 'IFOOD', value: 10, description: 'Incentivo iFood' }, { name: 'MERCHANT', value: 5, description: 'Incentivo da loja' }] }]
        : [];
    const discount = benefits.reduce((acc, b) => acc + b.value, 0);
    const orderAmount = round2(subTotal + deliveryFee - discount);
    const cash = sc !== 'desconto' && n % 3 === 0;
    const brand = ['VISA', 'MASTERCARD', 'ELO'][n % 3];
    // iFood's couriers carry a pickup code (delivery.pickupCode); the discount scenario is always
    // delivered by iFood, so the homologation's "código de coleta" is on screen every time (G4).
    const merchantDelivers = sc !== 'desconto' && n % 2 === 0;
    const order: Record<string, unknown> = {
      id,
      displayId: String(1000 + n),
      orderType: type,
      orderTiming: scheduled ? 'SCHEDULED' : 'IMMEDIATE',
      salesChannel: 'IFOOD',
      category: 'FOOD',
      createdAt,
      preparationStartDateTime: new Date(prepStart).toISOString(),
      ...(scheduled ? { schedule: { deliveryDateTimeStart: new Date(windowStart).toISOString(), deliveryDateTimeEnd: new Date(windowStart + 30 * 60_000).toISOString() } } : {}),
      benefits,
      isTest: true,
      merchant: { id: merchantId, name: 'Loja sandbox' },
      customer: {
        id: randomUUID(),
        name: `Cliente sandbox ${n}`,
        documentNumber: sandboxCpf(n),
        phone: { number: '0800 000 0000', localizer: String(10_000_000 + n), localizerExpiration: createdAt },
      },
      items,
      total: { subTotal, deliveryFee, benefits: discount, additionalFees: 0, orderAmount },
      payments: cash
        ? { prepaid: 0, pending: orderAmount, methods: [{ value: orderAmount, currency: 'BRL', method: 'CASH', type: 'OFFLINE', cash: { changeFor: Math.ceil(orderAmount / 50) * 50 } }] }
        : { prepaid: orderAmount, pending: 0, methods: [{ value: orderAmount, currency: 'BRL', method: 'CREDIT', type: 'ONLINE', card: { brand } }] },
      ...(type === 'DELIVERY'
        ? {
            delivery: {
              mode: 'DEFAULT',
              deliveredBy: merchantDelivers ? 'MERCHANT' : 'IFOOD',
              deliveryDateTime: new Date(scheduled ? windowStart : this.now() + 45 * 60_000).toISOString(),
              observations: 'Interfone quebrado, ligar ao chegar',
              pickupCode: merchantDelivers ? null : String(1000 + ((n * 37) % 9000)),
              deliveryAddress: {
                streetName: 'Rua do Teste',
                streetNumber: String(100 + n),
                formattedAddress: `Rua do Teste, ${100 + n}`,
                neighborhood: 'Centro',
                complement: n % 2 ? 'Apto 12' : '',
                reference: 'Perto da praça',
                postalCode: '01001000',
                city: 'São Paulo',
                state: 'SP',
                country: 'BR',
                coordinates: { latitude: -23.5505, longitude: -46.6333 },
              },
            },
          }
        : { takeout: { mode: 'DEFAULT', takeoutDateTime: new Date(this.now() + 20 * 60_000).toISOString() } }),
    };
    this.orders.set(id, { order: order as unknown as IfoodOrderInput, merchantId, status: 'PLACED', calls: [], refuseCancellation: sc === 'recusaCancelamento', dispute: sc === 'negociacao', partial: sc === 'cancelamentoParcial' });
    this.emit(id, 'PLC', 'PLACED');
    return id;
  }

  private disputes = new Map<string, { orderId: string; expiresAt: string; answered: boolean; partial?: boolean; alternatives: Array<{ id: string; type: string; maxCents: number }> }>();

  /**
   * After delivery the customer asks to cancel one item (iFood's PARTIAL_CANCELLATION,
   * AFTER_DELIVERY_PARTIALLY): metadata.items points at the order's item (id, uniqueId, index) with its
   * amount in cents; alternatives offers a REFUND up to that amount (metadata.maxAmount). Seven minutes
   * to answer, as in iFood's guide; without an answer iFood keeps the order (REJECT_CANCELLATION).
   */
  openPartialDispute(o: SandboxOrder): string {
    const disputeId = randomUUID();
    const expiresAt = new Date(this.now() + 7 * 60_000).toISOString();
    const items = o.order.items as unknown as Array<{ id: string; uniqueId: string; externalCode: string; index: number; quantity: number; totalPrice: number }>;
    const item = items[items.length - 1];
    const cents = Math.round(item.totalPrice * 100);
    const refund = { id: randomUUID(), type: 'REFUND', maxCents: Math.round(cents / 2) };
    this.disputes.set(disputeId, { orderId: o.order.id, expiresAt, answered: false, partial: true, alternatives: [refund] });
    this.emit(o.order.id, 'HSD', 'HANDSHAKE_DISPUTE', {
      disputeId,
      action: 'PARTIAL_CANCELLATION',
      handshakeType: 'AFTER_DELIVERY_PARTIALLY',
      handshakeGroup: 'CUSTOMER_ORDER_SUPPORT',
      message: 'Um dos itens veio errado',
      createdAt: new Date(this.now()).toISOString(),
      expiresAt,
      timeoutAction: 'REJECT_CANCELLATION',
      alternatives: [{ id: refund.id, type: refund.type, metadata: { maxAmount: { currency: 'BRL', value: String(refund.maxCents) } } }],
      metadata: {
        items: [{ id: item.id, uniqueId: item.uniqueId, externalCode: item.externalCode, index: item.index, quantity: item.quantity, amount: { currency: 'BRL', value: String(cents) }, reason: 'Item errado' }],
        evidences: [],
      },
    });
    return disputeId;
  }

  /** The customer asks to cancel (iFood's negotiation platform): a HANDSHAKE_DISPUTE with 5 minutes to answer. */
  openDispute(o: SandboxOrder): string {
    const disputeId = randomUUID();
    const expiresAt = new Date(this.now() + 5 * 60_000).toISOString();
    this.disputes.set(disputeId, { orderId: o.order.id, expiresAt, answered: false, alternatives: [] });
    this.emit(o.order.id, 'HSD', 'HANDSHAKE_DISPUTE', {
      disputeId,
      action: 'CANCELLATION',
      handshakeType: 'PREPARATION_TIME',
      handshakeGroup: 'CUSTOMER_ORDER_SUPPORT',
      message: 'Demorou demais, quero cancelar',
      createdAt: new Date(this.now()).toISOString(),
      expiresAt,
      timeoutAction: 'ACCEPT_CANCELLATION',
      alternatives: [],
    });
    return disputeId;
  }

  /** The customer (or iFood) cancels an order: a CANCELLED event with its reason. */
  cancel(orderId: string, reason = 'Pedido cancelado pelo cliente', code = '902'): boolean {
    const o = this.orders.get(orderId);
    if (!o || o.status === 'CANCELLED' || o.status === 'CONCLUDED') return false;
    o.status = 'CANCELLED';
    this.emit(orderId, 'CAN', 'CANCELLED', { CANCEL_CODE: code, CANCEL_REASON: reason, CANCEL_ORIGIN: 'CONSUMER' });
    return true;
  }

  /** The store's orders, newest first (for the integration screen). */
  ordersOf(merchantId: string): SandboxOrderView[] {
    return [...this.orders.values()]
      .filter((o) => o.merchantId === merchantId)
      .map((o) => ({ id: o.order.id, displayId: o.order.displayId, merchantId: o.merchantId, status: o.status, createdAt: o.order.createdAt, calls: [...o.calls] }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  private emit(orderId: string, code: string, fullCode: string, metadata?: Record<string, unknown>): void {
    const o = this.orders.get(orderId)!;
    this.events.push({
      body: { id: randomUUID(), code, fullCode, orderId, merchantId: o.merchantId, createdAt: new Date(this.now()).toISOString(), salesChannel: 'IFOOD', ...(metadata ? { metadata } : {}) },
      acked: false,
    });
  }

  /** The HTTP surface: a fetch-compatible handler. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    try {
      return await this.handle(req);
    } catch {
      return problem(500, 'Internal server error');
    }
  };

  private authorised(req: Request): boolean {
    const m = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '');
    const until = m ? this.tokens.get(m[1]) : undefined;
    return until !== undefined && until > this.now();
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^.*?(?=\/(authentication|events|order|merchant)\/v1\.0\/)/, '');
    if (req.method === 'POST' && path === '/authentication/v1.0/oauth/token') {
      const form = new URLSearchParams(await req.text());
      if (form.get('grantType') !== 'client_credentials' || form.get('clientId') !== this.clientId || form.get('clientSecret') !== this.clientSecret) {
        return problem(401, 'Invalid credentials');
      }
      const token = randomUUID();
      this.tokens.set(token, this.now() + TOKEN_TTL_S * 1000);
      return json(200, { accessToken: token, type: 'bearer', expiresIn: TOKEN_TTL_S });
    }
    if (!this.authorised(req)) return problem(401, 'Unauthorized');

    if (req.method === 'GET' && path === '/events/v1.0/events:polling') {
      const merchants = (req.headers.get('x-polling-merchants') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      if (!merchants.length) return problem(400, 'x-polling-merchants is required');
      const t = this.now();
      for (const m of merchants) {
        this.lastPoll.set(m, t);
        const last = this.lastPlaced.get(m);
        // A store's first poll starts its clock; then one order per period.
        if (last === undefined) this.lastPlaced.set(m, t);
        else if (this.opts.orderEveryMs > 0 && t - last >= this.opts.orderEveryMs) {
          this.lastPlaced.set(m, t);
          this.place(m);
        }
      }
      const out = this.events.filter((e) => !e.acked && merchants.includes(e.body.merchantId)).map((e) => e.body);
      return out.length ? json(200, out) : new Response(null, { status: 204 });
    }
    if (req.method === 'POST' && path === '/events/v1.0/events/acknowledgment') {
      const body = (await req.json().catch(() => null)) as unknown;
      if (!Array.isArray(body) || body.some((b) => typeof b?.id !== 'string')) return problem(400, 'Body must be an array of { id }');
      const ids = new Set(body.map((b: { id: string }) => b.id));
      for (const e of this.events) if (ids.has(e.body.id)) e.acked = true;
      return new Response(null, { status: 202 });
    }

    const pauses = /^\/merchant\/v1\.0\/merchants\/([^/]+)\/interruptions(?:\/([^/]+))?$/.exec(path);
    if (pauses) {
      const merchantId = decodeURIComponent(pauses[1]);
      const list = this.interruptions.get(merchantId) ?? [];
      if (req.method === 'GET' && !pauses[2]) return json(200, list);
      if (req.method === 'DELETE' && pauses[2]) {
        const id = decodeURIComponent(pauses[2]);
        if (!list.some((i) => i.id === id)) return problem(404, 'Interruption not found');
        this.interruptions.set(merchantId, list.filter((i) => i.id !== id));
        return new Response(null, { status: 204 });
      }
      if (req.method === 'POST' && !pauses[2]) {
        const b = (await req.json().catch(() => null)) as { description?: unknown; start?: unknown; end?: unknown } | null;
        const start = typeof b?.start === 'string' ? storeLocalMs(b.start) : NaN;
        const end = typeof b?.end === 'string' ? storeLocalMs(b.end) : NaN;
        // iFood: a pause of at most 7 days, ending after it starts.
        if (!b || typeof b.description !== 'string' || !Number.isFinite(start) || !Number.isFinite(end) || end <= start || end - start > 7 * 86_400_000) {
          return problem(400, 'Invalid interruption');
        }
        const created = { id: randomUUID(), description: b.description, start: b.start as string, end: b.end as string };
        this.interruptions.set(merchantId, [...list, created]);
        return json(201, created);
      }
    }

    const status = /^\/merchant\/v1\.0\/merchants\/([^/]+)\/status$/.exec(path);
    if (req.method === 'GET' && status) return json(200, this.merchantStatus(decodeURIComponent(status[1])));

    const om = /^\/order\/v1\.0\/orders\/([^/]+)(?:\/([A-Za-z]+))?$/.exec(path);
    if (om) {
      const o = this.orders.get(decodeURIComponent(om[1]));
      if (!o) return problem(404, 'Order not found');
      const action = om[2];
      if (req.method === 'GET' && !action) return json(200, { ...o.order });
      if (req.method === 'GET' && action === 'cancellationReasons') {
        return o.status === 'CANCELLED' || o.status === 'CONCLUDED' ? new Response(null, { status: 204 }) : json(200, SANDBOX_CANCELLATION_REASONS);
      }
      if (req.method === 'POST' && action && (IFOOD_ACTIONS as readonly string[]).includes(action)) {
        o.calls.push(action);
        if (action === 'requestCancellation') {
          const b = (await req.json().catch(() => null)) as { reason?: unknown; cancellationCode?: unknown } | null;
          if (!b || typeof b.reason !== 'string' || !SANDBOX_CANCELLATION_REASONS.some((r) => r.cancelCodeId === b.cancellationCode)) {
            return problem(400, 'Invalid cancellation code');
          }
          if (o.status === 'CANCELLED') return new Response(null, { status: 202 });
          this.emit(o.order.id, 'CAR', 'CANCELLATION_REQUESTED', { CANCEL_CODE: b.cancellationCode, CANCEL_REASON: b.reason });
          if (o.refuseCancellation) {
            // Asynchronous refusal: the call is accepted (202), then iFood says it did not cancel.
            this.emit(o.order.id, 'CARF', 'CANCELLATION_REQUEST_FAILED', { CANCEL_CODE: b.cancellationCode, CANCEL_REASON: 'O pedido já saiu para entrega no iFood' });
            return new Response(null, { status: 202 });
          }
          o.status = 'CANCELLED';
          this.emit(o.order.id, 'CAN', 'CANCELLED', { CANCEL_CODE: b.cancellationCode, CANCEL_REASON: b.reason, CANCEL_ORIGIN: 'RESTAURANT' });
          return new Response(null, { status: 202 });
        }
        const effect = ACTION_EFFECT[action as keyof typeof ACTION_EFFECT];
        if (o.status === effect.status) return new Response(null, { status: 202 });
        if (!effect.from.includes(o.status)) return problem(400, `Order is ${o.status}`);
        o.status = effect.status;
        this.emit(o.order.id, effect.code, effect.fullCode);
        if (action === 'confirm' && o.dispute) this.openDispute(o);
        if ((action === 'dispatch' || action === 'readyToPickup') && o.partial) {
          o.partial = false;
          this.openPartialDispute(o);
        }
        return new Response(null, { status: 202 });
      }
    }
    // A counter-proposal: { type, metadata: { amount: { value, currency } } }, one of the dispute's
    // alternatives, up to its maxAmount. It is the dispute's one answer; the sandbox does not settle it
    // (how iFood settles a counter-proposal is not described in what we could read).
    const am = /^\/order\/v1\.0\/disputes\/([^/]+)\/alternatives\/([^/]+)$/.exec(path);
    if (am && req.method === 'POST') {
      const d = this.disputes.get(decodeURIComponent(am[1]));
      if (!d) return problem(404, 'Dispute not found');
      if (d.answered) return problem(409, 'Dispute already answered');
      if (Date.parse(d.expiresAt) <= this.now()) return problem(409, 'Dispute expired');
      const alt = d.alternatives.find((a) => a.id === decodeURIComponent(am[2]));
      if (!alt) return problem(404, 'Alternative not found');
      const b = (await req.json().catch(() => null)) as { type?: unknown; metadata?: { amount?: { value?: unknown; currency?: unknown } } } | null;
      const value = Number(b?.metadata?.amount?.value);
      if (b?.type !== alt.type || b.metadata?.amount?.currency !== 'BRL' || !Number.isInteger(value) || value <= 0 || value > alt.maxCents) return problem(400, 'Invalid alternative');
      d.answered = true;
      this.orders.get(d.orderId)!.calls.push('disputes/alternatives');
      return new Response(null, { status: 202 });
    }
    const dm = /^\/order\/v1\.0\/disputes\/([^/]+)\/(accept|reject)$/.exec(path);
    if (dm && req.method === 'POST') {
      const disputeId = decodeURIComponent(dm[1]);
      const d = this.disputes.get(disputeId);
      if (!d) return problem(404, 'Dispute not found');
      if (d.answered) return problem(409, 'Dispute already answered');
      if (Date.parse(d.expiresAt) <= this.now()) return problem(409, 'Dispute expired');
      const o = this.orders.get(d.orderId)!;
      if (dm[2] === 'reject') {
        const b = (await req.json().catch(() => null)) as { reason?: unknown } | null;
        if (!b || typeof b.reason !== 'string' || !b.reason.trim()) return problem(400, 'reason is required');
      }
      d.answered = true;
      o.calls.push(`disputes/${dm[2]}`);
      const accepted = dm[2] === 'accept';
      this.emit(o.order.id, 'HSS', 'HANDSHAKE_SETTLEMENT', { disputeId, status: accepted ? 'ACCEPTED' : 'REJECTED', createdAt: new Date(this.now()).toISOString() });
      // A partial cancellation accepted cancels the items, not the order.
      if (accepted && !d.partial) {
        o.status = 'CANCELLED';
        this.emit(o.order.id, 'CAN', 'CANCELLED', { CANCEL_CODE: '818', CANCEL_REASON: 'Cancelamento pedido pelo cliente e aceito pela loja', CANCEL_ORIGIN: 'CONSUMER' });
      }
      return new Response(null, { status: 202 });
    }
    return problem(404, 'Not found');
  }

  private merchantStatus(merchantId: string) {
    const last = this.lastPoll.get(merchantId);
    const connected = last !== undefined && this.now() - last <= CONNECTED_WITHIN_MS;
    const validations = [
      connected
        ? { id: 'is-connected', code: 'is.connected', state: 'OK', message: { title: 'Conectada', subtitle: 'A integração busca pedidos a cada 30 segundos.', description: '' } }
        : { id: 'is-connected', code: 'is.disconnected', state: 'ERROR', message: { title: 'Loja desconectada', subtitle: 'O iFood não recebe consultas de pedidos desta loja.', description: 'A integração precisa consultar o iFood a cada 30 segundos.' } },
      { id: 'opening-hours', code: 'during.opening-hours', state: 'OK', message: { title: 'Dentro do horário', subtitle: '', description: '' } },
    ];
    // An interruption in force closes the store (iFood's validation "unavailabilities"). Its times are
    // the store's local time without an offset, as iFood reads them: Brazil's (America/Sao_Paulo).
    const t = this.now();
    const paused = (this.interruptions.get(merchantId) ?? []).some((i) => storeLocalMs(i.start) <= t && t < storeLocalMs(i.end));
    if (paused) validations.push({ id: 'unavailabilities', code: 'unavailabilities', state: 'CLOSED', message: { title: 'Loja pausada', subtitle: 'Há uma interrupção em vigor.', description: 'Remova a interrupção para voltar a receber pedidos.' } });
    const available = connected && !paused;
    const state = !connected ? 'ERROR' : paused ? 'CLOSED' : 'OK';
    return [
      {
        operation: 'DELIVERY',
        salesChannel: 'IFOOD',
        available,
        state,
        message: available ? { title: 'Loja online', subtitle: '', description: '' } : { title: 'Loja fechada', subtitle: paused ? 'Loja pausada' : 'Loja desconectada', description: '' },
        validations,
      },
    ];
  }
}

/**
 * An interruption's time as iFood reads it: extended ISO 8601 in the store's local time, no offset
 * (2026-11-27T14:05:00). The sandbox's stores are in America/Sao_Paulo (UTC−3, no daylight saving
 * since 2019); a time that carries its own offset keeps it.
 */
export function storeLocalMs(s: string): number {
  return Date.parse(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(s) ? s : `${s}-03:00`);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
function problem(status: number, title: string): Response {
  return json(status, { error: { code: String(status), message: title } });
}
