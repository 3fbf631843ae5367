/**
 * A loopback bank written from the bank contract (src/server/modules/finance/adapters/bank.ts):
 * POST /transfers with an Idempotency-Key makes a transfer once per key (a repeat answers the first
 * outcome and moves no money), GET /transfers/{key} says what was done with a key, 404 when never
 * received. `answerDelayMs` holds the POST's answer (the transfer is already made when it arrives):
 * a bank that answers after our timeout. `transfers` counts the money that left; `posts` every POST.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBank {
  url: string;
  /** Transfers made, by key (at most one per key). */
  transfers: Map<string, { protocol: string; body: unknown }>;
  /** Every POST /transfers received, with its key (repeats included). */
  posts: Array<{ key: string | null }>;
  gets: string[];
  /** Holds the answer to POST /transfers this long (ms). */
  answerDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeBank(opts: { port?: number; answerDelayMs?: number; token?: string } = {}): Promise<FakeBank> {
  const token = opts.token ?? 'bank-token';
  const bank = { transfers: new Map(), posts: [], gets: [], answerDelayMs: opts.answerDelayMs ?? 0 } as unknown as FakeBank;
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { Message: 'Não autorizado.' });
      const url = new URL(req.url ?? '/', 'http://bank');
      if (req.method === 'POST' && url.pathname === '/transfers') {
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        bank.posts.push({ key });
        if (!key) return send(400, { Message: 'Idempotency-Key obrigatória.' });
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { account?: string };
        let t = bank.transfers.get(key);
        if (t && JSON.stringify(t.body) !== JSON.stringify(body)) return send(422, { Message: 'Idempotency-Key usada com outro pedido.' });
        if (!t) {
          t = { protocol: `FAKE${String(++n).padStart(6, '0')}`, body };
          bank.transfers.set(key, t);
        }
        const answer = t;
        setTimeout(() => send(201, { protocol: answer.protocol }), bank.answerDelayMs);
        return;
      }
      const m = /^\/transfers\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const key = decodeURIComponent(m[1]);
        bank.gets.push(key);
        const t = bank.transfers.get(key);
        return t ? send(200, { status: 'done', protocol: t.protocol }) : send(404, { Message: 'Transferência não encontrada.' });
      }
      send(404, { Message: 'Não encontrado.' });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  bank.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bank.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return bank;
}
