/**
 * A loopback ERP written from the ERP contract (src/server/modules/finance/adapters/types.ts):
 * POST /invoices with an Idempotency-Key issues an invoice once per key (a repeat answers the first
 * outcome and issues nothing), refuses an invoice with an item without NCM (422 with `errors`, and
 * keeps that outcome for the key), GET /invoices/{key} says what was done with a key, 404 when never
 * received. `answerDelayMs` holds the POST's answer (the invoice is already issued when it arrives):
 * an ERP that answers after our timeout. `issued` counts the invoices issued; `posts` every POST.
 */
import { keyedResource, startLoopbackProvider } from './loopback-provider';

type Outcome = { status: 'issued'; number: string; invoiceId: string } | { status: 'refused'; errors: string[]; invoiceId: string };

export interface FakeErp {
  url: string;
  /** Outcomes by key (at most one per key). */
  outcomes: Map<string, Outcome>;
  /** Invoices issued (by our invoice id: the same invoice twice is a double invoice). */
  issued: string[];
  posts: Array<{ key: string | null }>;
  gets: string[];
  answerDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeErp(opts: { port?: number; token?: string } = {}): Promise<FakeErp> {
  const erp = { outcomes: new Map(), issued: [], posts: [], gets: [], answerDelayMs: 0 } as unknown as FakeErp;
  let n = 0;
  const server = await startLoopbackProvider({ port: opts.port, token: opts.token ?? 'erp-token' }, (r) =>
    keyedResource(r, 'invoices', {
      posts: erp.posts,
      gets: erp.gets,
      post(key, raw) {
        const body = JSON.parse(raw) as { id: string; items: Array<{ name: string; ncm: string | null }> };
        let o = erp.outcomes.get(key);
        if (!o) {
          const missing = body.items.filter((i) => !i.ncm);
          o = missing.length ? { status: 'refused', errors: missing.map((i) => `Produto "${i.name}" sem NCM no ERP.`), invoiceId: body.id } : { status: 'issued', number: `NF${String(++n).padStart(6, '0')}`, invoiceId: body.id };
          erp.outcomes.set(key, o);
          if (o.status === 'issued') erp.issued.push(body.id);
        }
        const answer = o;
        setTimeout(() => (answer.status === 'issued' ? r.send(201, { number: answer.number }) : r.send(422, { Message: 'Nota recusada.', errors: answer.errors })), erp.answerDelayMs);
      },
      status(key) {
        const o = erp.outcomes.get(key);
        return o && (o.status === 'issued' ? { status: 'issued', number: o.number } : { status: 'refused', errors: o.errors });
      },
      notFound: 'Nota não encontrada.',
    }),
  );
  erp.url = server.url;
  erp.close = server.close;
  return erp;
}
