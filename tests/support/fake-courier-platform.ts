/**
 * A loopback courier platform written from the courier contract (the header of
 * src/server/modules/orders/couriers.ts), not from our client code:
 *
 *   POST /deliveries  (Idempotency-Key header, body { externalReference, ... })
 *     → 201 { id, trackingUrl, courier } for a new key; 200 with the same delivery for a key it has
 *       seen (a repeat creates nothing). A POST without a key creates a new delivery every time,
 *       as a platform that cannot dedupe would.
 *   GET /deliveries?idempotencyKey=K&externalReference=R → 200 the delivery of K, 404 none.
 *
 * Knobs for tests: `failNext` answers the next POSTs 503 (nothing created); `slowMs(ref)` delays
 * the answer of a POST after the delivery was created (the caller's timeout fires: "em
 * verificação"); `hold` keeps every POST answer until `releaseHeld()` (a process killed mid-call).
 * `onPost` hears each POST as it arrives (after the delivery is created).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDelivery {
  id: string;
  key: string | null;
  externalReference: string;
  createdAt: number;
}

export interface FakeCourierPlatform {
  url: string;
  deliveries: FakeDelivery[];
  /** Every request as it came: method, path, key. */
  requests: Array<{ method: string; path: string; key: string | null; ref: string | null }>;
  failNext: number;
  slowMs: (ref: string) => number;
  hold: boolean;
  onPost: ((ref: string, key: string | null) => void) | null;
  /** Deliveries per order reference (more than one: a double delivery). */
  perReference(): Map<string, number>;
  releaseHeld(): void;
  close(): Promise<void>;
}

export async function startFakeCourierPlatform(): Promise<FakeCourierPlatform> {
  const byKey = new Map<string, FakeDelivery>();
  const held: Array<() => void> = [];
  let seq = 0;
  const answer = (d: FakeDelivery) =>
    JSON.stringify({ id: d.id, trackingUrl: `https://courier.example/t/${d.id}`, courier: { name: 'Ana Entregadora', phone: '11999990000', document: 'CNH-1' } });

  const fake: FakeCourierPlatform = {
    url: '',
    deliveries: [],
    requests: [],
    failNext: 0,
    slowMs: () => 0,
    hold: false,
    onPost: null,
    perReference() {
      const m = new Map<string, number>();
      for (const d of fake.deliveries) m.set(d.externalReference, (m.get(d.externalReference) ?? 0) + 1);
      return m;
    },
    releaseHeld() {
      for (const fn of held.splice(0)) fn();
    },
    close: () =>
      new Promise<void>((r) => {
        fake.releaseHeld();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      if (req.method === 'GET' && url.pathname === '/deliveries') {
        const k = url.searchParams.get('idempotencyKey');
        fake.requests.push({ method: 'GET', path: url.pathname, key: k, ref: url.searchParams.get('externalReference') });
        const d = k ? byKey.get(k) : undefined;
        if (!d) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(answer(d));
        return;
      }
      if (req.method !== 'POST' || url.pathname !== '/deliveries') {
        res.writeHead(404).end();
        return;
      }
      let body: { externalReference?: string } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const ref = String(body.externalReference ?? '');
      fake.requests.push({ method: 'POST', path: url.pathname, key, ref });
      if (fake.failNext > 0) {
        fake.failNext--;
        res.writeHead(503).end();
        return;
      }
      let d = key ? byKey.get(key) : undefined;
      const repeat = !!d;
      if (!d) {
        d = { id: `DLV-${++seq}`, key, externalReference: ref, createdAt: Date.now() };
        fake.deliveries.push(d);
        if (key) byKey.set(key, d);
      }
      fake.onPost?.(ref, key);
      const delivery = d;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(repeat ? 200 : 201, { 'content-type': 'application/json' }).end(answer(delivery));
      };
      if (fake.hold) {
        held.push(send);
        return;
      }
      const slow = fake.slowMs(ref);
      if (slow > 0) setTimeout(send, slow).unref();
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
