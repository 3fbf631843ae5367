/**
 * A loopback bank written from the bank contract (src/server/modules/finance/adapters/types.ts):
 * POST /transfers with an Idempotency-Key makes a transfer once per key (a repeat answers the first
 * outcome and moves no money), GET /transfers/{key} says what was done with a key, 404 when never
 * received. `answerDelayMs` holds the POST's answer (the transfer is already made when it arrives):
 * a bank that answers after our timeout. `transfers` counts the money that left; `posts` every POST.
 */
import { keyedResource, startLoopbackProvider } from './loopback-provider';

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
  const bank = { transfers: new Map(), posts: [], gets: [], answerDelayMs: opts.answerDelayMs ?? 0 } as unknown as FakeBank;
  let n = 0;
  const server = await startLoopbackProvider({ port: opts.port, token: opts.token ?? 'bank-token' }, (r) =>
    keyedResource(r, 'transfers', {
      posts: bank.posts,
      gets: bank.gets,
      post(key, raw) {
        const body = JSON.parse(raw) as { account?: string };
        let t = bank.transfers.get(key);
        if (t && JSON.stringify(t.body) !== JSON.stringify(body)) {
          r.send(422, { Message: 'Idempotency-Key usada com outro pedido.' });
          return;
        }
        if (!t) {
          t = { protocol: `FAKE${String(++n).padStart(6, '0')}`, body };
          bank.transfers.set(key, t);
        }
        const answer = t;
        setTimeout(() => r.send(201, { protocol: answer.protocol }), bank.answerDelayMs);
      },
      status(key) {
        const t = bank.transfers.get(key);
        return t && { status: 'done', protocol: t.protocol };
      },
      notFound: 'Transferência não encontrada.',
    }),
  );
  bank.url = server.url;
  bank.close = server.close;
  return bank;
}
