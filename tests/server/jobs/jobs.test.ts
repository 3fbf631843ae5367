/**
 * The durable job queue (src/server/lib/jobs.ts) on the test database (PGlite, or PostgreSQL in
 * that lane): enqueued with the caller's transaction, deduped by key, retried with backoff, failed
 * after its attempts, reclaimed after a dead process's lease, periodic work once per cluster.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/server/db/client';
import { defineCleanupJobs } from '../../../src/server/lib/cleanup';
import { enqueueJob, JobQueue, PermanentJobError, retryAfterOf, retryDelay } from '../../../src/server/lib/jobs';
import { openTestDb } from '../../setup/test-db';

const quiet = { info() {}, warn() {}, error() {} };
let db: DbHandle;
const queues: JobQueue[] = [];

function queue(opts: Partial<ConstructorParameters<typeof JobQueue>[1]> = {}) {
  const q = new JobQueue(db, { log: quiet, pollMs: 50, ...opts });
  queues.push(q);
  return q;
}

async function jobRows() {
  const res = (await db.db.execute(sql`select id, name, key, state, attempts, last_error, run_at > now() as later, payload from jobs where name like 'test.%' order by id`)) as unknown as {
    rows: Array<{ id: number; name: string; key: string | null; state: string; attempts: number; last_error: string | null; later: boolean; payload: unknown }>;
  };
  return res.rows;
}

beforeAll(async () => {
  db = await openTestDb();
});
beforeEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
  await db.exec('delete from jobs');
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await db.close();
});

describe('job queue', () => {
  it('a job exists only if the transaction that enqueued it commits, and runs once with its payload', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.defineJob('test.echo', async (payload) => {
      seen.push(payload);
    });
    await db.db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'test.echo', { n: 1 });
        throw new Error('rollback');
      })
      .catch(() => {});
    await db.db.transaction(async (tx) => {
      expect(await enqueueJob(tx, 'test.echo', { n: 2 })).toEqual(expect.any(Number));
    });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
    expect((await jobRows()).map((r) => [r.state, r.attempts])).toEqual([['done', 1]]);
    expect(await q.runDue()).toBe(0);
  });

  it('a key dedupes: the second enqueue answers null and the handler runs once', async () => {
    const q = queue();
    let runs = 0;
    q.defineJob('test.once', async () => {
      runs++;
    });
    expect(await q.enqueue('test.once', {}, { key: 'order-1' })).not.toBeNull();
    expect(await q.enqueue('test.once', {}, { key: 'order-1' })).toBeNull();
    await q.runDue();
    expect(await q.enqueue('test.once', {}, { key: 'order-1' })).toBeNull();
    await q.runDue();
    expect(runs).toBe(1);
  });

  it('a failing job is retried later (backoff), then succeeds', async () => {
    const q = queue();
    let runs = 0;
    q.defineJob(
      'test.flaky',
      async (_p, ctx) => {
        runs++;
        expect(ctx.job.attempt).toBe(runs);
        if (runs < 3) throw new Error(`falha ${runs}`);
      },
      { backoffMs: 60_000 },
    );
    await q.enqueue('test.flaky');
    for (let i = 1; i <= 2; i++) {
      expect(await q.runDue()).toBe(1);
      const [row] = await jobRows();
      expect(row).toMatchObject({ state: 'queued', attempts: i, last_error: `falha ${i}`, later: true });
      // Nothing is due before the backoff passes.
      expect(await q.runDue()).toBe(0);
      await db.exec(`update jobs set run_at = now() where name = 'test.flaky'`);
    }
    expect(await q.runDue()).toBe(1);
    expect((await jobRows())[0]).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('fails after maxAttempts, and at once on PermanentJobError', async () => {
    const q = queue();
    q.defineJob('test.broken', async () => {
      throw new Error('quebrado');
    });
    q.defineJob('test.permanent', async () => {
      throw new PermanentJobError('pedido não existe');
    });
    await q.enqueue('test.broken', {}, { maxAttempts: 2 });
    await q.enqueue('test.permanent');
    await q.runDue();
    await db.exec(`update jobs set run_at = now() where name = 'test.broken'`);
    await q.runDue();
    const rows = await jobRows();
    expect(rows.map((r) => [r.name, r.state, r.attempts, r.last_error])).toEqual([
      ['test.broken', 'failed', 2, 'quebrado'],
      ['test.permanent', 'failed', 1, 'pedido não existe'],
    ]);
  });

  it("a job whose process died is claimed again after its lease, and only names this process defines are claimed", async () => {
    const q = queue();
    let runs = 0;
    q.defineJob('test.leased', async () => {
      runs++;
    });
    const id = await q.enqueue('test.leased');
    await q.enqueue('test.elsewhere');
    // As a process killed mid-job leaves it: running, lease in the future.
    await db.exec(`update jobs set state = 'running', attempts = 1, locked_by = 'dead', locked_until = now() + interval '1 hour' where id = ${id}`);
    expect(await q.runDue()).toBe(0);
    await db.exec(`update jobs set locked_until = now() - interval '1 second' where id = ${id}`);
    expect(await q.runDue()).toBe(1);
    expect(runs).toBe(1);
    const rows = await jobRows();
    expect(rows.map((r) => [r.name, r.state, r.attempts])).toEqual([
      ['test.leased', 'done', 2],
      ['test.elsewhere', 'queued', 0],
    ]);
  });

  it('the worker wakes on commit and runs the job without being asked', async () => {
    const q = queue({ pollMs: 60_000 });
    const ran = new Promise<unknown>((resolve) => q.defineJob('test.wake', async (p) => resolve(p)));
    await q.start();
    await db.db.transaction(async (tx) => {
      await enqueueJob(tx, 'test.wake', { hello: 'mundo' });
    });
    expect(await ran).toEqual({ hello: 'mundo' });
    await q.drain();
    expect((await jobRows())[0].state).toBe('done');
  });

  it('drain on a queue that is not running returns at once, leaving due jobs to the process that runs them', async () => {
    const q = queue();
    q.defineJob('test.elsewhere', async () => {});
    await enqueueJob(db.db, 'test.elsewhere', {});
    const started = Date.now();
    // A 5 s bound: before, it waited all of it for a job this stopped queue could never run.
    await q.drain({ timeoutMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await jobRows())[0].state).toBe('queued');
  });

  it('periodic work runs once per period across processes', async () => {
    let runs = 0;
    const a = queue({ pollMs: 60_000 });
    const b = queue({ pollMs: 60_000 });
    for (const q of [a, b]) q.definePeriodic('test.hourly', 3_600_000, async () => void runs++);
    await Promise.all([a.start(), b.start()]);
    // Both processes schedule the period's slot as they start (the unique key lets one row in).
    for (let i = 0; i < 200 && !(await jobRows()).length; i++) await new Promise((r) => setImmediate(r));
    await a.drain();
    await b.drain();
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    const rows = await jobRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toBe(`slot:${Math.floor(Date.now() / 3_600_000)}`);
  });

  it('the hourly cleanup drops passed rate-limit windows and sessions, codes and links expired over a day ago', async () => {
    await db.exec(`delete from users where email like 'limpeza%'`);
    await db.exec(`
      insert into users (id, email, name, password_hash) values ('00000000-0000-4000-8000-00000000c1ea', 'limpeza@balcao.dev', 'Limpeza', 'x');
      insert into sessions (token_hash, user_id, expires_at, revoked_at) values
        ('velha', '00000000-0000-4000-8000-00000000c1ea', now() - interval '2 days', null),
        ('revogada', '00000000-0000-4000-8000-00000000c1ea', now() + interval '1 day', now() - interval '2 days'),
        ('recente', '00000000-0000-4000-8000-00000000c1ea', now() - interval '1 hour', null),
        ('valida', '00000000-0000-4000-8000-00000000c1ea', now() + interval '1 day', null);
      insert into rate_limits (key, count, reset_at) values ('teste:passou', 3, now() - interval '1 second'), ('teste:vale', 3, now() + interval '1 hour');
      insert into one_time_tokens (token_hash, kind, user_id, expires_at) values ('link-velho', 'reset', '00000000-0000-4000-8000-00000000c1ea', now() - interval '3 days');
    `);
    const q = queue();
    defineCleanupJobs(q);
    await q.enqueue('auth.cleanup');
    await q.runDue();
    const left = (await db.db.execute(sql`select token_hash from sessions where user_id = '00000000-0000-4000-8000-00000000c1ea' order by token_hash`)) as unknown as { rows: Array<{ token_hash: string }> };
    expect(left.rows.map((r) => r.token_hash)).toEqual(['recente', 'valida']);
    const limits = (await db.db.execute(sql`select key from rate_limits where key like 'teste:%'`)) as unknown as { rows: Array<{ key: string }> };
    expect(limits.rows.map((r) => r.key)).toEqual(['teste:vale']);
    const links = (await db.db.execute(sql`select count(*)::int as n from one_time_tokens where token_hash = 'link-velho'`)) as unknown as { rows: Array<{ n: number }> };
    expect(links.rows[0].n).toBe(0);
    await db.exec(`delete from users where email like 'limpeza%'`);
  });

  it('retry delays grow exponentially, are capped, and carry ±25 % jitter', () => {
    expect(retryDelay(1, 1000, 600_000, () => 0.5)).toBe(1000);
    expect(retryDelay(4, 1000, 600_000, () => 0.5)).toBe(8000);
    expect(retryDelay(30, 1000, 600_000, () => 0.5)).toBe(600_000);
    expect(retryDelay(3, 1000, 600_000, () => 0)).toBe(3000);
    expect(retryDelay(3, 1000, 600_000, () => 1)).toBe(5000);
  });

  it('a failure that names its own time to try again (a provider\'s Retry-After) waits at least that long', async () => {
    const q = queue();
    q.defineJob('teste.rate-limit', async () => {
      throw Object.assign(new Error('limite de requisições'), { retryAfterMs: 120_000 });
    });
    const id = await q.enqueue('teste.rate-limit');
    await q.runDue();
    const r = (await db.db.execute(sql`select state, extract(epoch from run_at - now())::float as wait from jobs where id = ${id}`)) as unknown as { rows: Array<{ state: string; wait: number }> };
    expect(r.rows[0].state).toBe('queued');
    expect(r.rows[0].wait).toBeGreaterThan(110);
    expect(r.rows[0].wait).toBeLessThanOrEqual(120);
    expect(retryAfterOf({ retryAfterMs: 10 * 3_600_000 })).toBe(3_600_000);
    expect(retryAfterOf(new Error('x'))).toBe(0);
  });
});
