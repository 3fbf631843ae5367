/**
 * Durable job queue in our own database table (`jobs`, src/server/db/schema/jobs.ts), for every
 * piece of work that must happen after a commit: courier calls, marketplace and PSP calls, printer
 * jobs, e-mails, cleanups. It runs the same on embedded PGlite (one connection, one process) and
 * on PostgreSQL shared by several processes.
 *
 * Why not pg-boss or graphile-worker (evaluated 2026-11, `npm view`):
 * - Their maintained releases need Node 22 (pg-boss 12.x: node >=22.12; graphile-worker 0.18:
 *   node >=22.18); we run on Node 20.19+. Only older lines (pg-boss 10, graphile-worker 0.16) run
 *   on Node 20.
 * - Both drive `pg` themselves (a pool of several connections plus a LISTEN connection) and install
 *   their own schema. PGlite is one in-process session: the only way to give it to them is
 *   @electric-sql/pglite-socket (a TCP server in front of the embedded database; its peer pin is
 *   pglite 0.5.14, we ship 0.5.16), where every client shares that one session, so a worker's
 *   transaction and a request's transaction would interleave, and the embedded mode would gain a
 *   listening socket. Enqueueing inside the caller's Drizzle transaction (the whole point: no job
 *   without its change, no change without its job) would also need their SQL functions over our
 *   Drizzle executor on both drivers.
 * So this is a small queue on one table, about 300 lines, with the parts we need and tests on
 * both databases (tests/server/jobs/, tests/postgres/jobs.test.ts and operations.test.ts).
 *
 * API
 * ---
 *   import { enqueueJob } from '../../lib/jobs';
 *   await db.transaction(async (tx) => {
 *     ...change...
 *     await enqueueJob(tx, 'orders.courier-call', { orderId }, { key: orderId });
 *   });
 *
 * `enqueueJob(q, name, payload, { runAt?, delayMs?, key?, maxAttempts? })` inserts the job with the
 * caller's executor (`db` or a transaction `tx`: then it exists only if that transaction commits)
 * and wakes the workers on commit (NOTIFY). `key` dedupes: a job with the same name and key is not
 * added twice while the first row exists (finished rows are kept JOBS_RETENTION_DAYS, default 7);
 * it answers the new job's id, or null when deduped. Payloads are JSON; keep customer data out of
 * them (pass ids, read the rows in the handler).
 *
 * Handlers are registered by name on the process's queue, `app.jobs` (plugins/jobs.ts), typically
 * in a module's plugin so they close over its dependencies:
 *   app.jobs.defineJob<{ orderId: string }>('orders.courier-call', async (payload, ctx) => { ... },
 *     { maxAttempts?, leaseMs?, backoffMs?, maxBackoffMs? });
 *   app.jobs.definePeriodic('auth.cleanup', 3_600_000, async (ctx) => { ... });
 *
 * Semantics:
 * - At least once. A worker claims due jobs with `FOR UPDATE SKIP LOCKED` (several processes never
 *   take the same row) and holds a lease (`leaseMs`, default 30 s, extended while the handler runs);
 *   a job whose process died (kill -9) is claimed again when its lease passes. So a handler must be
 *   safe to run again: check the state it is about to change (e.g. "courier already called") in its
 *   own transaction, and pass a stable idempotency key to remote APIs.
 * - A handler that throws is retried with exponential backoff and jitter (`backoffMs` 1 s doubling,
 *   up to `maxBackoffMs` 10 min, times 0.75–1.25) until `maxAttempts` (the enqueue's, else the definition's, default 8), then the job is
 *   `failed` (kept, with `last_error`, for an operator). Throw `PermanentJobError` to fail at once
 *   (bad payload, the thing it acts on is gone).
 * - Only names this process defines are claimed: a job whose handler lives in a plugin another
 *   process does not load waits for a process that does.
 * - Periodic jobs run once per cluster per period: every process enqueues `{name}` with the key
 *   `slot:{n}` (n = floor(now / every)); the unique key lets one insert win and one worker run it.
 * - `ctx.signal` aborts when the process is shutting down (stop() waits up to `stopTimeoutMs` for
 *   running handlers; an unfinished one is claimed again after its lease by someone else).
 *
 * Inline: a request that needs the outcome for its answer enqueues in its transaction, then calls
 * `app.jobs.runNow(id)` after commit (the row is the safety net if the process dies meanwhile; give
 * it a `delayMs` longer than the inline run so the worker does not race it).
 *
 * Tests: `await app.jobs.runDue()` runs every due job now (and what they enqueue) and returns
 * the count; `app.jobs.drain({ horizonMs })` waits until no job of a defined name is running or
 * due within the horizon.
 *
 * Env: JOBS_CONCURRENCY (4 handlers at once per process), JOBS_POLL_MS (1000; NOTIFY wakes the
 * worker at once anyway), JOBS_RETENTION_DAYS (7), JOBS_WORKER (on; `off` = this process only
 * enqueues), JOBS_LEASE_MS (overrides every job's lease: how soon a dead process's jobs are taken
 * over).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../db/client';
import { jobs } from '../db/schema/jobs';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const JOBS_CHANNEL = 'balcao_jobs';

export interface EnqueueOptions {
  /** Not before this time. */
  runAt?: Date;
  /** Not before now + this many milliseconds (ignored when runAt is given). */
  delayMs?: number;
  /** Dedupe: one job per (name, key) while its row exists. */
  key?: string;
  maxAttempts?: number;
}

/** Adds a job with the caller's executor (a transaction: the job exists only if it commits). Answers its id, or null when deduped by key. */
export async function enqueueJob(q: Executor, name: string, payload: unknown = {}, opts: EnqueueOptions = {}): Promise<number | null> {
  const runAt = opts.runAt ?? (opts.delayMs ? new Date(Date.now() + opts.delayMs) : undefined);
  const rows = await q
    .insert(jobs)
    .values({
      name,
      payload: (payload ?? {}) as object,
      key: opts.key ?? null,
      ...(runAt ? { runAt } : {}),
      ...(opts.maxAttempts ? { maxAttempts: Math.max(1, Math.floor(opts.maxAttempts)) } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (!rows.length) return null;
  // Delivered when the transaction commits (at once outside one): workers wake without polling.
  await q.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${name})`);
  return rows[0].id;
}

/**
 * Thrown by a handler to fail the job at once, without retries. `cause` is what `runNow` rethrows
 * to its caller (e.g. an HttpError for the request that ran the job inline).
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface JobInfo {
  id: number;
  name: string;
  key: string | null;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  job: JobInfo;
  db: Db;
  /** Aborted when the process shuts down. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;

export interface JobDefinitionOptions {
  maxAttempts?: number;
  leaseMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  leaseMs: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export interface JobQueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  log: JobQueueLog;
  concurrency?: number;
  pollMs?: number;
  retentionDays?: number;
  stopTimeoutMs?: number;
  /** Lease of every job, overriding the definitions' own (tests of a killed process). */
  leaseMs?: number;
  /** Whether start() runs a worker (default true). Without one, jobs are only enqueued. */
  worker?: boolean;
}

/** Delay before attempt `attempt + 1` after `attempt` failed: exponential, capped, with ±25 % jitter. */
/**
 * When a handler's error names the time to try again (a provider's `Retry-After`, as iFood's rate
 * limit asks: `retryAfterMs` on the error), the retry waits at least that long (at most an hour).
 */
export function retryAfterOf(error: unknown): number {
  const ms = error && typeof error === 'object' ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.min(ms, 3_600_000) : 0;
}

export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp * (0.75 + random() * 0.5));
}

interface ClaimedRow {
  id: number | string;
  name: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number | null;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export class JobQueue {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private defs = new Map<string, Definition>();
  private periodic = new Map<string, { everyMs: number; timer: NodeJS.Timeout | null }>();
  private running = new Map<number, Promise<void>>();
  private stopped = true;
  private loopDone: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private woken = false;
  private abort = new AbortController();
  private unlisten: (() => Promise<void>) | null = null;
  private concurrency: number;
  private pollMs: number;
  private retentionDays: number;
  private stopTimeoutMs: number;

  constructor(
    private handle: DbHandle,
    private opts: JobQueueOptions,
  ) {
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
    this.pollMs = Math.max(10, opts.pollMs ?? 1000);
    this.retentionDays = opts.retentionDays ?? 7;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 25_000;
    this.definePeriodic('jobs.cleanup', 3_600_000, async (ctx) => {
      await ctx.db.delete(jobs).where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, new Date(Date.now() - this.retentionDays * 86_400_000))));
    });
  }

  get db(): Db {
    return this.handle.db;
  }

  /** Registers the handler of a job name (one per name and process). */
  defineJob<P = unknown>(name: string, handler: JobHandler<P>, o: JobDefinitionOptions = {}): void {
    if (this.defs.has(name)) throw new Error(`job ${name} already defined`);
    this.defs.set(name, {
      handler: handler as JobHandler<unknown>,
      maxAttempts: Math.max(1, o.maxAttempts ?? 8),
      leaseMs: this.opts.leaseMs ?? o.leaseMs ?? 30_000,
      backoffMs: o.backoffMs ?? 1_000,
      maxBackoffMs: o.maxBackoffMs ?? 600_000,
    });
    this.poke();
  }

  /** Runs `handler` once per cluster every `everyMs` (retried like any job if it throws). */
  definePeriodic(name: string, everyMs: number, handler: (ctx: JobContext) => Promise<void>, o: JobDefinitionOptions = {}): void {
    this.defineJob(name, (_p, ctx) => handler(ctx), { maxAttempts: 3, ...o });
    this.periodic.set(name, { everyMs, timer: null });
    if (!this.stopped) this.schedulePeriodic(name);
  }

  /** Enqueues through the database handle (outside any transaction). */
  enqueue(name: string, payload?: unknown, opts?: EnqueueOptions): Promise<number | null> {
    return enqueueJob(this.handle.db, name, payload, opts);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    for (const name of this.periodic.keys()) this.schedulePeriodic(name);
    if (this.opts.worker === false) return;
    try {
      this.unlisten = await this.handle.listen(
        JOBS_CHANNEL,
        (name) => {
          if (this.defs.has(name)) this.poke();
        },
        () => this.poke(),
      );
    } catch (err) {
      // Polling still finds the jobs; the LISTEN connection reconnects by itself.
      this.opts.log.warn({ err }, 'fila de tarefas: LISTEN indisponível; seguindo por consulta periódica');
    }
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const p of this.periodic.values()) if (p.timer) clearTimeout(p.timer);
    this.poke();
    await this.loopDone;
    this.loopDone = null;
    const deadline = new Promise<void>((r) => setTimeout(r, this.stopTimeoutMs).unref());
    await Promise.race([Promise.allSettled(this.running.values()), deadline]);
    this.abort.abort();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /**
   * Runs one job now, in the caller (a request that enqueued it in its transaction and wants the
   * outcome for its answer; the job row is the safety net if this process dies meanwhile). Answers
   * false when another worker holds or finished it. The handler's error is recorded as usual
   * (retry or failed) and rethrown; a PermanentJobError's `cause`, when it has one, is rethrown instead.
   */
  async runNow(id: number): Promise<boolean> {
    const res = await this.handle.db.execute(sql`
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${this.maxLeaseMs() / 1000})
      where id = ${id} and (state = 'queued' or (state = 'running' and locked_until < now()))
      returning id, name, key, payload, attempts, max_attempts`);
    const [row] = rowsOf<ClaimedRow>(res);
    if (!row) return false;
    const p = this.run(row, true);
    this.running.set(id, p.catch(() => {}));
    try {
      await p;
    } catch (err) {
      throw err instanceof PermanentJobError && err.cause !== undefined ? err.cause : err;
    } finally {
      this.running.delete(id);
    }
    return true;
  }

  /** Runs every due job of a defined name now (and those they enqueue), in this call; answers how many ran. For tests and scripts. */
  async runDue(): Promise<number> {
    let n = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (!claimed.length) {
        await Promise.allSettled(this.running.values());
        if (!(await this.claimable())) return n;
        continue;
      }
      await Promise.all(claimed.map((row) => this.run(row)));
      n += claimed.length;
    }
  }

  /**
   * Waits (bounded by `timeoutMs`) until no job of a defined name is running or due within
   * `horizonMs` (a job scheduled a moment later, such as the sandbox courier's assignment, counts).
   * A queue that is not running (never started, or stopped) runs nothing here: it returns once its
   * own running jobs are done, rather than wait out the timeout for jobs another process will run.
   */
  async drain({ timeoutMs = 20_000, horizonMs = 0 }: { timeoutMs?: number; horizonMs?: number } = {}): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running.size && (this.stopped || !(await this.pending(horizonMs)))) return;
      if (Date.now() > until) throw new Error('jobs did not drain');
      this.poke();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private schedulePeriodic(name: string): void {
    const p = this.periodic.get(name)!;
    const tick = () => {
      if (this.stopped) return;
      const slot = Math.floor(Date.now() / p.everyMs);
      void this.enqueue(name, {}, { key: `slot:${slot}`, runAt: new Date(slot * p.everyMs) }).catch((err) =>
        this.opts.log.warn({ err, job: name }, 'fila de tarefas: não foi possível agendar a tarefa periódica'),
      );
      p.timer = setTimeout(tick, (slot + 1) * p.everyMs - Date.now() + 50);
      p.timer.unref();
    };
    tick();
  }

  private poke(): void {
    this.woken = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      this.woken = false;
      let sleepMs = this.pollMs;
      const free = this.concurrency - this.running.size;
      if (free > 0 && this.defs.size) {
        try {
          const claimed = await this.claim(free);
          failures = 0;
          for (const row of claimed) this.track(row);
          if (claimed.length === free) continue;
          const next = await this.nextDueInMs();
          if (next !== null) sleepMs = Math.max(0, Math.min(sleepMs, next));
        } catch (err) {
          // The database is away: try again later, with backoff; never let the loop die.
          failures++;
          sleepMs = retryDelay(failures, this.pollMs, 30_000);
          this.opts.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'fila de tarefas: banco indisponível');
        }
      }
      if (this.stopped || this.woken) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, sleepMs);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private track(row: ClaimedRow): void {
    const id = Number(row.id);
    const p = this.run(row).finally(() => {
      this.running.delete(id);
      this.poke();
    });
    this.running.set(id, p);
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const names = [...this.defs.keys()];
    if (!names.length || limit <= 0) return [];
    const maxLease = this.maxLeaseMs();
    const res = await this.handle.db.execute(sql`
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${maxLease / 1000})
      where id in (
        select id from jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, name, key, payload, attempts, max_attempts`);
    return rowsOf<ClaimedRow>(res);
  }

  private maxLeaseMs(): number {
    return Math.max(1_000, ...[...this.defs.values()].map((d) => d.leaseMs));
  }

  private async claimable(): Promise<boolean> {
    const names = [...this.defs.keys()];
    const res = await this.handle.db.execute(sql`
      select 1 from jobs where name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now())) limit 1`);
    return rowsOf(res).length > 0;
  }

  private async pending(horizonMs: number): Promise<boolean> {
    const names = [...this.defs.keys()];
    const res = await this.handle.db.execute(sql`
      select 1 from jobs where name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) and ((state = 'queued' and run_at <= now() + make_interval(secs => ${horizonMs / 1000})) or state = 'running') limit 1`);
    return rowsOf(res).length > 0;
  }

  private async nextDueInMs(): Promise<number | null> {
    const names = [...this.defs.keys()];
    const res = await this.handle.db.execute(sql`
      select extract(epoch from (min(run_at) - now())) * 1000 as ms from jobs
      where state = 'queued' and name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`);
    const ms = rowsOf<{ ms: string | number | null }>(res)[0]?.ms;
    return ms == null ? null : Math.ceil(Number(ms));
  }

  private async run(row: ClaimedRow, rethrow = false): Promise<void> {
    const id = Number(row.id);
    const def = this.defs.get(row.name);
    const mine = and(eq(jobs.id, id), eq(jobs.lockedBy, this.workerId), eq(jobs.attempts, row.attempts));
    if (!def) return;
    const maxAttempts = row.max_attempts ?? def.maxAttempts;
    if (row.attempts > maxAttempts) {
      // Its last attempt's process died: give up.
      await this.finish(mine, { state: 'failed', lastError: 'lease expired on the last attempt' }, row);
      return;
    }
    const lease = setInterval(() => {
      void this.handle.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${def.leaseMs / 1000})` })
        .where(mine)
        .catch(() => {});
    }, Math.max(50, def.leaseMs / 3));
    lease.unref();
    let error: unknown = null;
    try {
      await def.handler(row.payload, {
        job: { id, name: row.name, key: row.key, attempt: row.attempts, maxAttempts },
        db: this.handle.db,
        signal: this.abort.signal,
      });
    } catch (err) {
      error = err ?? new Error('failed');
    } finally {
      clearInterval(lease);
    }
    if (error === null) {
      await this.finish(mine, { state: 'done', lastError: null }, row);
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const permanent = error instanceof PermanentJobError;
    if (permanent || row.attempts >= maxAttempts) {
      this.opts.log.error({ job: row.name, id, attempt: row.attempts, error: message }, 'tarefa falhou definitivamente');
      await this.finish(mine, { state: 'failed', lastError: message }, row);
    } else {
      const delay = Math.max(retryDelay(row.attempts, def.backoffMs, def.maxBackoffMs), retryAfterOf(error));
      this.opts.log.warn({ job: row.name, id, attempt: row.attempts, retryInMs: delay, error: message }, 'tarefa falhou; nova tentativa agendada');
      await this.finish(
        mine,
        { state: 'queued', lastError: message, runAt: sql`now() + make_interval(secs => ${delay / 1000})`, lockedBy: null, lockedUntil: null },
        row,
      );
    }
    if (rethrow) throw error;
  }

  /** Records the outcome; if the database is away, retries a few times (else the lease brings it back). */
  private async finish(where: ReturnType<typeof and>, set: Record<string, unknown>, row: ClaimedRow): Promise<void> {
    const values = { ...set, ...(set.state === 'queued' ? {} : { finishedAt: new Date(), lockedUntil: null }) };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.handle.db.update(jobs).set(values).where(where);
        return;
      } catch (err) {
        if (attempt >= 5 || this.stopped) {
          this.opts.log.warn({ job: row.name, id: Number(row.id), err: { message: (err as Error).message } }, 'fila de tarefas: resultado não gravado; a tarefa voltará após o prazo');
          return;
        }
        await new Promise((r) => setTimeout(r, retryDelay(attempt, 200, 5_000)));
      }
    }
  }
}
