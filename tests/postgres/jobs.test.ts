/**
 * The job queue with several workers on one PostgreSQL (each with its own pool, as separate
 * processes have): every job runs exactly once, work is shared, and periodic work runs once per
 * period for the whole cluster.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/client';
import { enqueueJob, JobQueue } from '../../src/server/lib/jobs';
import { createDatabase, startPostgres, type LocalPostgres } from './pg-helpers';

const quiet = { info() {}, warn() {}, error() {} };
let pgServer: LocalPostgres | null = null;
let url: string;
const handles: DbHandle[] = [];
const queues: JobQueue[] = [];

beforeAll(async () => {
  let server = process.env.TEST_DATABASE_URL;
  if (!server) {
    pgServer = await startPostgres();
    server = pgServer.url;
  }
  url = await createDatabase(server, `balcao_jobs_${process.pid}`);
  for (let i = 0; i < 3; i++) handles.push(await openDb({ databaseUrl: url, log: () => {} }));
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(queues.map((q) => q.stop()));
  await Promise.allSettled(handles.map((h) => h.close()));
  pgServer?.stop();
});

describe('job queue on PostgreSQL with three workers', () => {
  it('runs each of 300 jobs exactly once, shared between the workers', async () => {
    const runs = new Map<number, string[]>();
    let done!: () => void;
    const all = new Promise<void>((r) => (done = r));
    for (const h of handles) {
      const q = new JobQueue(h, { log: quiet, concurrency: 4, pollMs: 200 });
      queues.push(q);
      q.defineJob<{ n: number }>('pg.count', async (p, ctx) => {
        // A little real work in a transaction of its own, as handlers do.
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.002)`);
        });
        const list = runs.get(p.n) ?? [];
        list.push(q.workerId);
        runs.set(p.n, list);
        if (runs.size === 300) done();
      });
      await q.start();
    }
    // Enqueued in batches inside transactions, as commands do.
    for (let b = 0; b < 30; b++) {
      await handles[b % 3].db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) await enqueueJob(tx, 'pg.count', { n: b * 10 + i });
      });
    }
    await all;
    for (const q of queues) await q.drain();
    expect(runs.size).toBe(300);
    expect([...runs.values()].filter((w) => w.length !== 1)).toEqual([]);
    const workers = new Set([...runs.values()].map((w) => w[0]));
    expect(workers.size).toBeGreaterThan(1);
    const res = (await handles[0].db.execute(sql`select state, count(*)::int as n from jobs where name = 'pg.count' group by state`)) as unknown as { rows: Array<{ state: string; n: number }> };
    expect(res.rows).toEqual([{ state: 'done', n: 300 }]);
  }, 60_000);

  it('a periodic job runs once per period across the three processes', async () => {
    let runs = 0;
    const periodic: JobQueue[] = [];
    for (const h of handles) {
      const q = new JobQueue(h, { log: quiet, pollMs: 100 });
      q.definePeriodic('pg.hourly', 3_600_000, async () => void runs++);
      periodic.push(q);
      queues.push(q);
    }
    await Promise.all(periodic.map((q) => q.start()));
    const scheduled = async () => ((await handles[0].db.execute(sql`select count(*)::int as n from jobs where name = 'pg.hourly'`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    for (let i = 0; i < 500 && (await scheduled()) === 0; i++) await new Promise((r) => setImmediate(r));
    expect(await scheduled()).toBe(1);
    await Promise.all(periodic.map((q) => q.drain()));
    await Promise.all(periodic.map((q) => q.runDue()));
    expect(runs).toBe(1);
  }, 30_000);
});
