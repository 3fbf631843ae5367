/**
 * Bounded, isolated order writes (issue 36). Every order write runs under the venue lock
 * (`lockVenue`: `select … from kds_settings … for update`). When that lock is held for long (a
 * slow transaction, another process, an operator's session), waiting writers used to hold pool
 * connections without limit, so reads, the event stream and /api/health of the same process
 * waited for a connection too. Two bounds fix that:
 *
 * 1. This in-process gate, taken BEFORE a connection: at most `perVenue` writers of one venue and
 *    `total` writers of all venues hold a connection at once; the others wait here, in memory,
 *    first come first served. The rest of the pool stays free for reads, SSE and health.
 *    Writers of one venue are serial under the venue lock anyway, so more than a couple at the
 *    lock buys nothing.
 * 2. A bounded wait: a writer that cannot get through the gate within `waitMs`, or whose
 *    `lock_timeout` (set by lockVenue) passes at the lock, answers 503 "Muitas alterações ao mesmo
 *    tempo, tente de novo" with Retry-After. The board's outbox retries 5xx with backoff, and the
 *    order commands are idempotent (same key → one change), so the retry is safe.
 *
 * Re-entrant: a write nested inside another of the same venue (a command whose work calls the
 * service's change(), a savepoint of the same transaction) runs without taking a second slot.
 *
 * Env: ORDERS_LOCK_TIMEOUT_MS (3000), ORDERS_VENUE_WRITERS (2), ORDERS_WRITERS_MAX
 * (DATABASE_POOL_MAX − 3, at least 1).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ORDER_MSG } from '../../../shared/orders';
import { HttpError } from '../../lib/http-error';

export const ORDERS_LOCK_TIMEOUT_MS_DEFAULT = 3_000;
export const ORDERS_VENUE_WRITERS_DEFAULT = 2;
/** Pool connections kept out of the writers' reach (reads, the event stream, health, jobs' claims). */
export const POOL_RESERVED_FOR_READS = 3;

/** The 503 of a write that waited its bound (the gate here, or lock_timeout at the venue lock). */
export function venueBusy(retryAfterSeconds: number): HttpError {
  const s = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return new HttpError(503, ORDER_MSG.venueBusy, {}, { 'retry-after': s });
}

/** A lock wait that passed lock_timeout (SQLSTATE 55P03), also when the ORM wrapped it. */
export function isLockTimeout(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '55P03') return true;
  }
  return false;
}

interface Waiter {
  venueId: string;
  grant: () => void;
}

export interface VenueWriteGateOptions {
  perVenue: number;
  total: number;
  /** Longest wait at the gate before answering 503. */
  waitMs: number;
}

export class VenueWriteGate {
  private held = new AsyncLocalStorage<ReadonlySet<string>>();
  private active = new Map<string, number>();
  private activeTotal = 0;
  private queue: Waiter[] = [];
  /** Peak numbers, for tests and the bench (what the gate actually let through). */
  readonly stats = { peakTotal: 0, peakWaiting: 0, refused: 0 };

  constructor(readonly opts: VenueWriteGateOptions) {}

  /** Writers holding a connection now, and writers waiting at the gate. */
  get load() {
    return { active: this.activeTotal, waiting: this.queue.length };
  }

  /** Runs `fn` once this venue's write may take a connection (at once when already inside one). */
  async run<T>(venueId: string, fn: () => Promise<T>): Promise<T> {
    const mine = this.held.getStore();
    if (mine?.has(venueId)) return fn();
    await this.acquire(venueId);
    try {
      return await this.held.run(new Set([...(mine ?? []), venueId]), fn);
    } catch (err) {
      // lock_timeout at the venue lock (55P03): the same answer as a wait at the gate.
      if (isLockTimeout(err)) {
        this.stats.refused++;
        throw venueBusy(this.opts.waitMs / 1000);
      }
      throw err;
    } finally {
      this.release(venueId);
    }
  }

  private free(venueId: string): boolean {
    return this.activeTotal < this.opts.total && (this.active.get(venueId) ?? 0) < this.opts.perVenue;
  }

  private take(venueId: string): void {
    this.active.set(venueId, (this.active.get(venueId) ?? 0) + 1);
    this.activeTotal++;
    this.stats.peakTotal = Math.max(this.stats.peakTotal, this.activeTotal);
  }

  private acquire(venueId: string): Promise<void> {
    // Nobody of this venue waits before us: go (FIFO per venue; other venues may pass a full one).
    if (this.free(venueId) && !this.queue.some((w) => w.venueId === venueId)) {
      this.take(venueId);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        venueId,
        grant: () => {
          clearTimeout(timer);
          this.take(venueId);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(waiter);
        if (i < 0) return;
        this.queue.splice(i, 1);
        this.stats.refused++;
        reject(venueBusy(this.opts.waitMs / 1000));
      }, this.opts.waitMs);
      this.queue.push(waiter);
      this.stats.peakWaiting = Math.max(this.stats.peakWaiting, this.queue.length);
    });
  }

  private release(venueId: string): void {
    const n = (this.active.get(venueId) ?? 1) - 1;
    if (n > 0) this.active.set(venueId, n);
    else this.active.delete(venueId);
    this.activeTotal--;
    // The first waiter (per venue, in arrival order) whose venue and the total have room.
    const seen = new Set<string>();
    for (let i = 0; i < this.queue.length; i++) {
      const w = this.queue[i];
      if (seen.has(w.venueId)) continue;
      seen.add(w.venueId);
      if (this.free(w.venueId)) {
        this.queue.splice(i, 1);
        w.grant();
        i--;
        if (this.activeTotal >= this.opts.total) return;
      }
    }
  }
}

function positiveInt(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
}

/** The gate's settings from the environment (see the header). */
export function venueWriteSettings(env: Record<string, string | undefined>) {
  const poolMax = positiveInt(env.DATABASE_POOL_MAX, 10);
  return {
    lockTimeoutMs: positiveInt(env.ORDERS_LOCK_TIMEOUT_MS, ORDERS_LOCK_TIMEOUT_MS_DEFAULT),
    perVenue: positiveInt(env.ORDERS_VENUE_WRITERS, ORDERS_VENUE_WRITERS_DEFAULT),
    total: positiveInt(env.ORDERS_WRITERS_MAX, Math.max(1, poolMax - POOL_RESERVED_FOR_READS)),
  };
}
