/**
 * A loopback iFood for the tests, written from iFood's Merchant API v1.0 documentation
 * (developer.ifood.com.br: Authentication "centralized" flow, Events polling, Order, Merchant):
 *
 * - POST /authentication/v1.0/oauth/token, application/x-www-form-urlencoded grantType=client_credentials,
 *   clientId, clientSecret → 200 { accessToken, type: "bearer", expiresIn } (seconds); a Bearer token
 *   past its expiry is answered 401.
 * - GET /events/v1.0/events:polling with x-polling-merchants → 200 [events] or 204; events come
 *   until acknowledged, and may come out of order.
 * - POST /events/v1.0/events/acknowledgment, JSON array of { id } → 202.
 * - GET /order/v1.0/orders/{id} → the order; POST .../confirm | startPreparation | readyToPickup |
 *   dispatch | requestCancellation ({ reason, cancellationCode }) → 202;
 *   GET .../cancellationReasons → [{ cancelCodeId, description }].
 * - POST /order/v1.0/disputes/{disputeId}/accept → 202; …/reject with { reason } → 202 (negotiation
 *   platform, "handshake": one answer per dispute, 409 for a second one; 400 without a reason);
 *   …/alternatives/{alternativeId} with { type, metadata: { amount: { value, currency } } } → 202
 *   (a counter-proposal, e.g. a REFUND up to the alternative's metadata.maxAmount; also the one answer).
 * - GET /merchant/v1.0/merchants/{id}/status → [{ operation, salesChannel, available, state, message, validations }].
 * - POST /merchant/v1.0/merchants/{id}/interruptions { description, start, end } (store local time,
 *   at most 7 days) → 201 { id, description, start, end }; GET …/interruptions → the list;
 *   DELETE …/interruptions/{interruptionId} → 204 (404 when unknown).
 *
 * Tests steer it: a clock, a token lifetime, queued failures, a hook run before an acknowledgment
 * is answered, and the record of every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The token it carried was valid at that moment. */
  authorised: boolean;
  /** The status the fake answered. */
  status?: number;
}

export interface FakeEvent {
  id: string;
  code: string;
  fullCode: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
  metadata?: Record<string, unknown>;
}

export class FakeIfood {
  readonly clientId = 'client-test';
  readonly clientSecret = 'secret-test';
  requests: FakeRequest[] = [];
  /** Seconds a new token lives. */
  tokenLifetime = 21_600;
  clock = Date.now();
  events: FakeEvent[] = [];
  acked = new Set<string>();
  orders = new Map<string, Record<string, unknown>>();
  reasons = [
    { cancelCodeId: '501', description: 'PROBLEMAS DE SISTEMA' },
    { cancelCodeId: '503', description: 'ITEM INDISPONÍVEL' },
  ];
  merchantAvailable = true;
  /** Disputes (consumer cancellation requests) already answered. */
  answeredDisputes = new Set<string>();
  /** Interruptions (store pauses) per merchant id. */
  interruptions = new Map<string, Array<{ id: string; description: string; start: string; end: string }>>();
  /** Every request answers this status while set (iFood down). */
  down: number | null = null;
  /** Run before an acknowledgment is answered (what our side has stored by then). */
  onAck: ((ids: string[]) => Promise<void>) | null = null;
  private failures: Array<{ match: RegExp; status: number; times: number; retryAfter?: string }> = [];
  private tokens = new Map<string, number>();
  private server = http.createServer((req, res) => void this.handle(req, res));
  url = '';

  /** Back to a fresh iFood between tests: no requests, events, orders, answers or pauses; up and available. */
  reset(): void {
    Object.assign(this, { requests: [], events: [], down: null, onAck: null, merchantAvailable: true });
    this.acked.clear();
    this.orders.clear();
    this.answeredDisputes.clear();
    this.interruptions.clear();
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `times` requests whose path matches answer `status` (with a `Retry-After` header when given, as iFood's rate limit does). */
  fail(match: RegExp, status: number, times = 1, retryAfter?: string): void {
    this.failures.push({ match, status, times, retryAfter });
  }

  calls(pathPattern: RegExp, method = 'POST'): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  private send(res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    const last = this.requests[this.requests.length - 1];
    if (last && last.status === undefined) last.status = status;
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const authorised = !!token && (this.tokens.get(token) ?? 0) > this.clock;
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body, authorised });
    if (this.down) return this.send(res, this.down, { message: 'Service Unavailable' });
    const failure = this.failures.find((f) => f.times > 0 && f.match.test(path));
    if (failure) {
      failure.times -= 1;
      return this.send(res, failure.status, { message: 'failure' }, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }

    if (req.method === 'POST' && path === '/authentication/v1.0/oauth/token') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return this.send(res, 400, { message: 'form expected' });
      const form = new URLSearchParams(body);
      if (form.get('grantType') !== 'client_credentials' || form.get('clientId') !== this.clientId || form.get('clientSecret') !== this.clientSecret) {
        return this.send(res, 401, { message: 'invalid client' });
      }
      const value = `tok-${this.tokens.size + 1}`;
      this.tokens.set(value, this.clock + this.tokenLifetime * 1000);
      return this.send(res, 200, { accessToken: value, type: 'bearer', expiresIn: this.tokenLifetime });
    }
    if (!authorised) return this.send(res, 401, { message: 'unauthorized' });

    if (req.method === 'GET' && path === '/events/v1.0/events:polling') {
      const merchants = String(req.headers['x-polling-merchants'] ?? '').split(',').filter(Boolean);
      const out = this.events.filter((e) => !this.acked.has(e.id) && (!merchants.length || merchants.includes(e.merchantId)));
      return out.length ? this.send(res, 200, out) : this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/events/v1.0/events/acknowledgment') {
      const ids = (JSON.parse(body) as Array<{ id: string }>).map((e) => e.id);
      await this.onAck?.(ids);
      for (const id of ids) this.acked.add(id);
      return this.send(res, 202);
    }
    const pause = /^\/merchant\/v1\.0\/merchants\/([^/]+)\/interruptions(?:\/([^/]+))?$/.exec(path);
    if (pause) {
      const list = this.interruptions.get(pause[1]) ?? [];
      if (req.method === 'GET' && !pause[2]) return this.send(res, 200, list);
      if (req.method === 'DELETE' && pause[2]) {
        if (!list.some((i) => i.id === pause[2])) return this.send(res, 404, { message: 'interruption not found' });
        this.interruptions.set(pause[1], list.filter((i) => i.id !== pause[2]));
        return this.send(res, 204);
      }
      if (req.method === 'POST' && !pause[2]) {
        const b = JSON.parse(body || 'null') as { description?: unknown; start?: unknown; end?: unknown } | null;
        const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
        const ok = b && typeof b.description === 'string' && typeof b.start === 'string' && typeof b.end === 'string' && local.test(b.start) && local.test(b.end) && b.end > b.start && Date.parse(b.end) - Date.parse(b.start) <= 7 * 86_400_000;
        if (!ok) return this.send(res, 400, { message: 'invalid interruption' });
        const created = { id: `int-${list.length + 1}-${Date.now()}`, description: b.description as string, start: b.start as string, end: b.end as string };
        this.interruptions.set(pause[1], [...list, created]);
        return this.send(res, 201, created);
      }
    }
    const status = /^\/merchant\/v1\.0\/merchants\/([^/]+)\/status$/.exec(path);
    if (req.method === 'GET' && status) {
      const ok = this.merchantAvailable;
      return this.send(res, 200, [
        {
          operation: 'DELIVERY',
          salesChannel: 'IFOOD',
          available: ok,
          state: ok ? 'OK' : 'CLOSED',
          message: { title: ok ? 'Loja online' : 'Loja fechada', subtitle: '', description: '', priority: 1 },
          validations: [
            { id: 'is-connected', code: 'is.connected', state: 'OK', message: { title: 'Conectado', subtitle: '', description: '', priority: 1 } },
            ok
              ? { id: 'opening-hours', code: 'during.opening-hours', state: 'OK', message: { title: 'Dentro do horário', subtitle: '', description: '', priority: 1 } }
              : { id: 'opening-hours', code: 'outside.opening-hours', state: 'CLOSED', message: { title: 'Fora do horário de funcionamento', subtitle: 'Abre às 18:00', description: '', priority: 1 } },
          ],
        },
      ]);
    }
    const alt = /^\/order\/v1\.0\/disputes\/([^/]+)\/alternatives\/([^/]+)$/.exec(path);
    if (alt && req.method === 'POST') {
      if (this.answeredDisputes.has(alt[1])) return this.send(res, 409, { message: 'dispute already answered' });
      const b = JSON.parse(body || '{}') as { type?: unknown; metadata?: { amount?: { value?: unknown; currency?: unknown } } };
      const value = Number(b.metadata?.amount?.value);
      if (typeof b.type !== 'string' || !Number.isFinite(value) || value <= 0 || b.metadata?.amount?.currency !== 'BRL') return this.send(res, 400, { message: 'invalid alternative' });
      this.answeredDisputes.add(alt[1]);
      return this.send(res, 202);
    }
    const dispute = /^\/order\/v1\.0\/disputes\/([^/]+)\/(accept|reject)$/.exec(path);
    if (dispute && req.method === 'POST') {
      if (this.answeredDisputes.has(dispute[1])) return this.send(res, 409, { message: 'dispute already answered' });
      if (dispute[2] === 'reject') {
        const b = JSON.parse(body || '{}') as { reason?: unknown };
        if (typeof b.reason !== 'string' || !b.reason.trim()) return this.send(res, 400, { message: 'reason is required' });
      }
      this.answeredDisputes.add(dispute[1]);
      return this.send(res, 202);
    }
    const m = /^\/order\/v1\.0\/orders\/([^/]+)(?:\/(\w+))?$/.exec(path);
    if (m) {
      const order = this.orders.get(m[1]);
      if (!order) return this.send(res, 404, { message: 'order not found' });
      if (req.method === 'GET' && !m[2]) return this.send(res, 200, order);
      if (req.method === 'GET' && m[2] === 'cancellationReasons') return this.send(res, 200, this.reasons);
      if (req.method === 'POST' && ['confirm', 'startPreparation', 'readyToPickup', 'dispatch'].includes(m[2] ?? '')) return this.send(res, 202);
      if (req.method === 'POST' && m[2] === 'requestCancellation') {
        const b = JSON.parse(body || '{}') as { reason?: string; cancellationCode?: string };
        if (!b.reason || !this.reasons.some((r) => r.cancelCodeId === b.cancellationCode)) return this.send(res, 400, { message: 'invalid cancellationCode' });
        return this.send(res, 202);
      }
    }
    return this.send(res, 404, { message: 'not found' });
  }
}

let seq = 0;
/** An order as GET /order/v1.0/orders/{id} describes it (FOOD, DELIVERY by the merchant unless told). */
export function fakeOrder(merchantId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  const id = `c0ffee00-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    displayId: `A${100 + seq}`,
    orderType: 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    salesChannel: 'IFOOD',
    category: 'FOOD',
    createdAt: '2026-11-26T20:00:00.000Z',
    preparationStartDateTime: '2026-11-26T20:00:00.000Z',
    isTest: false,
    merchant: { id: merchantId, name: 'Sabor da Casa' },
    customer: { id: 'cust-1', name: 'Maria Souza', documentNumber: '52998224725', phone: { number: '0800 200 3000', localizer: '12345678', localizerExpiration: '2026-11-26T23:00:00Z' }, ordersCountOnMerchant: 3 },
    items: [
      {
        index: 1,
        id: 'item-1',
        uniqueId: 'u-1',
        name: 'Pizza grande',
        externalCode: 'PZ-G',
        unit: 'UN',
        quantity: 2,
        unitPrice: 40,
        optionsPrice: 10,
        totalPrice: 90,
        price: 80,
        observations: 'Sem cebola',
        options: [
          { index: 1, id: 'o-1', name: 'Borda de catupiry', groupName: 'Borda', unit: 'UN', quantity: 2, unitPrice: 5, addition: 5, price: 10 },
          { index: 2, id: 'o-2', name: 'Metade calabresa', groupName: 'Sabores', unit: 'UN', quantity: 1, unitPrice: 0, addition: 0, price: 0 },
        ],
      },
      { index: 2, id: 'item-2', uniqueId: 'u-2', name: 'Guaraná 2 L', unit: 'UN', quantity: 1, unitPrice: 12, optionsPrice: 0, totalPrice: 12, price: 12, options: [] },
    ],
    benefits: [],
    total: { subTotal: 102, deliveryFee: 7.5, benefits: 0, additionalFees: 0, orderAmount: 109.5 },
    payments: { prepaid: 0, pending: 109.5, methods: [{ value: 109.5, currency: 'BRL', method: 'CASH', type: 'OFFLINE', cash: { changeFor: 150 } }] },
    delivery: {
      mode: 'DEFAULT',
      deliveredBy: 'MERCHANT',
      deliveryDateTime: '2026-11-26T20:45:00.000Z',
      observations: 'Portão azul',
      deliveryAddress: {
        streetName: 'Avenida Paulista',
        streetNumber: '1000',
        formattedAddress: 'Avenida Paulista, 1000',
        neighborhood: 'Bela Vista',
        complement: 'Apto 51',
        reference: 'Em frente ao parque',
        postalCode: '01310-100',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        coordinates: { latitude: -23.56, longitude: -46.65 },
      },
    },
    ...over,
  };
}

let eventSeq = 0;
export function fakeEvent(order: Record<string, unknown>, code: string, fullCode: string, createdAt: string, metadata?: Record<string, unknown>): FakeEvent {
  eventSeq += 1;
  return {
    id: `e0000000-0000-4000-8000-${String(eventSeq).padStart(12, '0')}`,
    code,
    fullCode,
    orderId: order.id as string,
    merchantId: (order.merchant as { id: string }).id,
    createdAt,
    ...(metadata ? { metadata } : {}),
  };
}
