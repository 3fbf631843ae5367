/**
 * A card/boleto acquirer written from our acquirer contract (src/server/modules/payment-links/
 * adapters/http.ts and donations/adapters/types.ts): POST /card and /boleto deduped on the Idempotency-Key
 * header (a repeat answers the first outcome, no second charge), GET /charges/{key}, GET
 * /payments/{id}; and the finance side's lookup of a captured card transaction (finance/adapters/
 * acquirer.ts): GET /transactions/{id} answers one of `captured` or 404, counted in `lookups`. `delayMs` holds answers back (a slow acquirer: the caller times out); `charges`
 * counts the charges really made, `requests` every POST received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBoleto } from '../../src/shared/boleto';

export interface FakeAcquirer {
  url: string;
  /** Charges made, per Idempotency-Key. */
  charges: Map<string, { kind: 'card' | 'boleto' | 'donation'; body: Record<string, unknown>; answer: Record<string, unknown> }>;
  requests: number;
  /** POSTs that arrived without an Idempotency-Key. */
  unkeyed: number;
  delayMs: number;
  /** Card transactions the acquirer captured (GET /transactions/{id}), by id. */
  captured: Map<string, { amountCents: number; serialNumber: string; cardLastDigits: string; capturedAt: string }>;
  /** Every GET /transactions/{id} received. */
  lookups: string[];
  close(): Promise<void>;
}

export async function startFakeAcquirer(port = 0): Promise<FakeAcquirer> {
  let seq = 0;
  const fake = { charges: new Map(), requests: 0, unkeyed: 0, delayMs: 0, captured: new Map(), lookups: [] } as unknown as FakeAcquirer;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (fake.delayMs > 0) setTimeout(send, fake.delayMs);
        else send();
      };
      const tx = /^\/transactions\/(.+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && tx) {
        const id = decodeURIComponent(tx[1]);
        fake.lookups.push(id);
        const found = fake.captured.get(id);
        return found ? reply(200, found) : reply(404, { Message: 'Transação não encontrada.' });
      }
      const m = /^\/charges\/(.+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const c = fake.charges.get(decodeURIComponent(m[1]));
        if (!c) return reply(404, { message: 'not found' });
        return reply(200, c.answer);
      }
      if (req.method === 'GET' && req.url?.startsWith('/payments/')) return reply(200, { status: 'pending' });
      if (req.method !== 'POST') return reply(404, {});
      fake.requests++;
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') fake.unkeyed++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, any>;
      const k = typeof key === 'string' ? key : `unkeyed-${seq}`;
      let c = fake.charges.get(k);
      if (!c) {
        const id = `acq-${++seq}`;
        if (req.url === '/card' && 'installments' in body) {
          const declined = String(body.card?.number).endsWith('0002');
          c = { kind: 'card', body, answer: { id, kind: 'card', status: declined ? 'declined' : 'paid' } };
        } else if (req.url === '/card') {
          c = { kind: 'donation', body, answer: { acquirerId: id, approved: !String(body.number).endsWith('0002') } };
        } else if (req.url === '/boleto') {
          const { line } = buildBoleto({ bank: '341', dueDate: body.dueDate, amountCents: Math.round(body.amount * 100), freeField: String(seq).padStart(25, '0') });
          c = { kind: 'boleto', body, answer: { id, kind: 'boleto', status: 'pending', line } };
        } else return reply(404, {});
        fake.charges.set(k, c);
      }
      reply(200, c.answer);
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
