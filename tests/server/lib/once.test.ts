/**
 * The one exactly-once rule (src/server/lib/once.ts), on a small effect table of the test's own:
 * racing twins with one key make one effect and one provider call and get one answer; a different
 * key on a single-use resource gets the resource's refusal; the same key with another request 422;
 * a refusal stores nothing; a pending effect answers its current state and is settled by its job.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/server/db/client';
import { HttpError } from '../../../src/server/lib/http-error';
import { commandHash, runOnce, settleKeys, type OnceCommand } from '../../../src/server/lib/once';
import { openTestDb } from '../../setup/test-db';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb();
  await h.exec('create table once_effects (id text primary key, resource text not null, state text not null)');
  await h.exec("create unique index once_effects_one_paid on once_effects (resource) where state <> 'refused'");
});
afterAll(() => h?.close());

type Outcome = 'paid' | 'timeout';

/** A payment of a single-use `resource`; `provider` counts the calls it receives per ref. */
function pay(resource: string, key: string | null, provider: Map<string, number>, answer: Outcome = 'paid', amount = 100): OnceCommand<{ ref: string }, Outcome> {
  return {
    scope: `test:${resource}`,
    key,
    hash: commandHash('POST /pay', { resource, amount }),
    mismatchMessage: 'Chave usada em outro pedido.',
    async reserve(tx) {
      const ref = `${resource}-${Math.random().toString(36).slice(2)}`;
      // The resource is locked for the check-then-insert (a link's row lock in real code).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${resource}))`);
      const taken = await tx.execute(sql`select 1 from once_effects where resource = ${resource} and state <> 'refused'`);
      if ((taken as unknown as { rows: unknown[] }).rows.length) throw new HttpError(409, 'Este link já foi pago.');
      await tx.execute(sql`insert into once_effects (id, resource, state) values (${ref}, ${resource}, 'pending')`);
      return { ref };
    },
    async call(r) {
      provider.set(r.ref, (provider.get(r.ref) ?? 0) + 1);
      await new Promise((res) => setTimeout(res, 30));
      return answer;
    },
    async finish(tx, r, outcome) {
      const state = outcome === 'paid' ? 'paid' : 'checking';
      await tx.execute(sql`update once_effects set state = ${state} where id = ${r.ref}`);
      return { status: 201, body: { id: r.ref, state }, checking: outcome === 'timeout' };
    },
    async current(ref) {
      const res = (await h.db.execute(sql`select state from once_effects where id = ${ref}`)) as unknown as { rows: Array<{ state: string }> };
      return { status: 200, body: { id: ref, state: res.rows[0]?.state } };
    },
  };
}

describe('runOnce', () => {
  it('6 racing twins with one key: 1 effect, 1 provider call, 6 identical answers', async () => {
    const provider = new Map<string, number>();
    const answers = await Promise.all(Array.from({ length: 6 }, () => runOnce(h.db, pay('link-a', 'key-1', provider))));
    expect([...provider.values()]).toEqual([1]);
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
  });

  it('8 racing payers with their own keys on a single-use resource: 1 paid, 7 refused, 1 provider call', async () => {
    const provider = new Map<string, number>();
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => runOnce(h.db, pay('link-b', `payer-${i}`, provider))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as HttpError).statusCode)).toEqual(Array(7).fill(409));
    expect(provider.size).toBe(1);
  });

  it('a refusal stores no key: the same key may run again once the resource allows it', async () => {
    const provider = new Map<string, number>();
    await expect(runOnce(h.db, pay('link-b', 'late', provider))).rejects.toMatchObject({ statusCode: 409 });
    await h.exec("update once_effects set state = 'refused' where resource = 'link-b'");
    const again = await runOnce(h.db, pay('link-b', 'late', provider));
    expect(again).toMatchObject({ status: 201, replayed: false });
    expect(provider.size).toBe(1);
  });

  it('the same key with another request answers 422 and changes nothing', async () => {
    const provider = new Map<string, number>();
    await runOnce(h.db, pay('link-c', 'key-c', provider));
    await expect(runOnce(h.db, pay('link-c', 'key-c', provider, 'paid', 999))).rejects.toMatchObject({ statusCode: 422, message: 'Chave usada em outro pedido.' });
    expect([...provider.values()]).toEqual([1]);
  });

  it('a provider timeout stays pending; a replay answers the current state; the settling job updates the key', async () => {
    const provider = new Map<string, number>();
    const first = await runOnce(h.db, pay('link-d', 'key-d', provider, 'timeout'));
    expect(first.body).toMatchObject({ state: 'checking' });
    const ref = (first.body as { id: string }).id;
    // Until settled, a retry sends nothing and answers the current state at once.
    const retry = await runOnce(h.db, pay('link-d', 'key-d', provider, 'timeout'));
    expect(retry).toMatchObject({ replayed: true, body: { id: ref, state: 'checking' } });
    // The job asked the provider: paid. Replays now answer the settled state, not "em verificação".
    await h.exec(`update once_effects set state = 'paid' where id = '${ref}'`);
    await settleKeys(h.db, ref, { status: 201, body: { id: ref, state: 'paid' } });
    const replay = await runOnce(h.db, pay('link-d', 'key-d', provider, 'timeout'));
    expect(replay).toMatchObject({ replayed: true, status: 201, body: { id: ref, state: 'paid' } });
    expect([...provider.values()]).toEqual([1]);
  });

  it('a finish that recorded nothing may forget the key: the same key runs again (a lookup that could not be made)', async () => {
    let calls = 0;
    const lookup = (found: boolean): OnceCommand<{ ref: string }, boolean> => ({
      scope: 'test:lookup',
      key: 'key-lookup',
      hash: commandHash('POST /lookup', { id: 'tx-1' }),
      mismatchMessage: 'Chave usada em outro pedido.',
      reserve: async () => ({ ref: 'lookup-1' }),
      call: async () => {
        calls++;
        return found;
      },
      finish: async (_tx, _r, ok) => (ok ? { status: 200, body: { found: true } } : { status: 503, body: { Message: 'tente de novo' }, forget: true }),
      current: async () => ({ status: 200, body: { found: true } }),
    });
    expect(await runOnce(h.db, lookup(false))).toMatchObject({ status: 503, replayed: false });
    expect(await runOnce(h.db, lookup(true))).toMatchObject({ status: 200, replayed: false });
    expect(await runOnce(h.db, lookup(false))).toMatchObject({ status: 200, replayed: true });
    expect(calls).toBe(2);
  });
});

describe('runOnce without a provider call', () => {
  it('finishes in the key’s own transaction: racing twins get the committed answer at once, and a refusal stores nothing', async () => {
    await h.exec("insert into once_effects (id, resource, state) values ('plan-1', 'plan', 'open')");
    let applied = 0;
    const confirm = (key: string): OnceCommand<{ ref: string }, undefined> => ({
      scope: 'test:plan',
      key,
      hash: commandHash('POST /confirm', { plan: 'plan' }),
      mismatchMessage: 'Chave usada em outro pedido.',
      async reserve(tx) {
        const res = (await tx.execute(sql`update once_effects set state = 'paid' where id = 'plan-1' and state = 'open' returning id`)) as unknown as { rows: unknown[] };
        if (!res.rows.length) throw new HttpError(400, 'Não há planejamento de recarga pendente.');
        applied++;
        return { ref: 'plan-1' };
      },
      finish: async () => ({ status: 200, body: { Message: 'Pagamento Confirmado com sucesso!' } }),
      current: async () => ({ status: 500, body: { Message: 'never asked: the answer commits with the effect' } }),
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => runOnce(h.db, confirm('same'))));
    expect(applied).toBe(1);
    expect(answers.map((a) => [a.status, (a.body as { Message: string }).Message])).toEqual(Array(5).fill([200, 'Pagamento Confirmado com sucesso!']));
    const [row] = ((await h.db.execute(sql`select state, status_code from command_keys where scope = 'test:plan' and key = 'same'`)) as unknown as { rows: Array<{ state: string; status_code: number }> }).rows;
    expect(row).toEqual({ state: 'done', status_code: 200 });
    await expect(runOnce(h.db, confirm('other'))).rejects.toMatchObject({ statusCode: 400 });
    const left = (await h.db.execute(sql`select count(*)::int as n from command_keys where scope = 'test:plan' and key = 'other'`)) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0].n).toBe(0);
  });
});
