/**
 * A loopback accreditation provider written from its contract (the comment of
 * src/server/modules/accreditation/adapters/types.ts): POST /proposals with an Idempotency-Key
 * creates one proposal per key (a repeat creates nothing and answers the first outcome), refuses a
 * merchant whose name is in `refuseNames` (422 with a Message, kept for the key), GET /proposals/{key}
 * says what was done with a key, 404 when never received. `answerDelayMs` holds the POST's answer
 * (the proposal already exists when it arrives): a provider that answers after our timeout.
 * `dropNext` takes the next POST's connection down before recording anything (a request lost on the
 * way). `created` lists the proposals created, `posts` every POST.
 */
import { keyedResource, startLoopbackProvider } from './loopback-provider';

type Outcome = { status: 'created'; proposalId: string } | { status: 'refused'; Message: string };

export interface FakeAccreditation {
  url: string;
  outcomes: Map<string, Outcome>;
  created: Array<{ key: string; acquirerId: number; document: string }>;
  posts: Array<{ key: string | null; acquirerId: number }>;
  gets: string[];
  answerDelayMs: number;
  dropNext: number;
  refuseNames: Set<string>;
  /** Forgets everything (keys, counts, numbering) between tests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeAccreditation(opts: { port?: number; token?: string } = {}): Promise<FakeAccreditation> {
  const fake = { outcomes: new Map(), created: [], posts: [], gets: [], answerDelayMs: 0, dropNext: 0, refuseNames: new Set() } as unknown as FakeAccreditation;
  let n = 0;
  type Body = { document: string; fullName: string; acquirerId: number; mcc: string | null };
  const server = await startLoopbackProvider({ port: opts.port, token: opts.token ?? 'acc-token' }, (r) =>
    keyedResource(r, 'proposals', {
      posts: fake.posts,
      gets: fake.gets,
      record: (key, raw) => ({ key, acquirerId: (JSON.parse(raw) as Body).acquirerId }),
      post(key, raw) {
        const body = JSON.parse(raw) as Body;
        if (fake.dropNext > 0) {
          fake.dropNext--;
          r.send(503, { Message: 'Indisponível.' });
          return;
        }
        let o = fake.outcomes.get(key);
        if (!o) {
          o = fake.refuseNames.has(body.fullName) ? { status: 'refused', Message: 'CNAE incompatível com o adquirente.' } : { status: 'created', proposalId: `PRP-${body.acquirerId}-${String(++n).padStart(7, '0')}` };
          fake.outcomes.set(key, o);
          if (o.status === 'created') fake.created.push({ key, acquirerId: body.acquirerId, document: body.document });
        }
        const answer = o;
        setTimeout(() => (answer.status === 'created' ? r.send(201, { proposalId: answer.proposalId }) : r.send(422, { Message: answer.Message })), fake.answerDelayMs);
      },
      status(key) {
        const o = fake.outcomes.get(key);
        return o && (o.status === 'created' ? { proposalId: o.proposalId } : { status: 'refused', Message: o.Message });
      },
      notFound: 'Proposta não encontrada.',
    }),
  );
  fake.url = server.url;
  fake.close = server.close;
  fake.reset = () => {
    n = 0;
    fake.outcomes.clear();
    fake.created.length = 0;
    fake.posts.length = 0;
    fake.gets.length = 0;
    fake.answerDelayMs = 0;
    fake.dropNext = 0;
    fake.refuseNames.clear();
  };
  return fake;
}
