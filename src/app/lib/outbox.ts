/**
 * The outbox of order commands (ARCHITECTURE "Offline design"). A command is written to its own
 * IndexedDB store BEFORE anything is sent; one sender at a time (navigator.locks across tabs, plus
 * an atomic claim on each record) drains it, in order per order, with the record's id as the
 * Idempotency-Key, so a replay after a lost answer or a crash changes nothing twice.
 * Network errors and 5xx retry with backoff and jitter; a 401 pauses the queue (kept) until sign-in;
 * a 409 keeps the record as a conflict for the person to acknowledge; other 4xx are final.
 */
import { createStore, del, update, values, type UseStore } from 'idb-keyval';

export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'failed';

export interface OutboxRecord<P = unknown> {
  /** Also the Idempotency-Key sent to the server. */
  id: string;
  orderId: string;
  command: string;
  payload: P;
  /** The state the order is expected to be in when the command applies (null: any). */
  expectedState: number | string | null;
  createdAt: number;
  /** Tie-breaker for commands created in the same millisecond. */
  seq: number;
  attempts: number;
  status: OutboxStatus;
  nextAttemptAt: number;
  claimedBy?: string;
  claimedAt?: number;
  lastError?: string;
  /** The server's answer for conflicts and final failures (e.g. the order as it is now). */
  response?: unknown;
  /** Free text the UI shows (e.g. "Aceite do pedido #1234"). */
  label?: string;
}

export type SendOutcome =
  | { kind: 'ok'; body?: unknown }
  | { kind: 'retry'; message?: string }
  | { kind: 'auth'; message?: string }
  | { kind: 'conflict'; body?: unknown; message?: string }
  | { kind: 'final'; body?: unknown; message?: string };

export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface OutboxOptions {
  send: (record: OutboxRecord) => Promise<SendOutcome>;
  dbName?: string;
  now?: () => number;
  random?: () => number;
  /** A lock manager shared by every tab (default navigator.locks); absent, an in-page lock is used. */
  locks?: LockManagerLike | null;
  /**
   * Longest backoff between retries (default 30 s). The order board uses a few seconds while it is
   * open: a kitchen waits for its changes, and a retry is one small request.
   */
  maxDelayMs?: number;
  /** Called after each record settles, so the UI can refresh (e.g. invalidate the board). */
  onSettled?: (record: OutboxRecord, outcome: SendOutcome) => void;
  channelName?: string;
}

export type NewCommand<P = unknown> = Pick<OutboxRecord<P>, 'orderId' | 'command' | 'payload' | 'expectedState'> & {
  id?: string;
  label?: string;
};

const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** The order board's cap while it is open (bench/outbox-chaos.bench.ts measures with it). */
export const BOARD_MAX_DELAY_MS = 4_000;
/** An answer this recent means the server is reachable. */
const ANSWERED_FRESH_MS = 2_000;
/** A claim older than this belongs to a sender that died mid-send: the record may be sent again. */
export const STALE_CLAIM_MS = 45_000;

let seqCounter = 0;

/** Full-jitter exponential backoff. */
export function backoffDelay(attempts: number, random: () => number, maxDelayMs = MAX_DELAY_MS): number {
  const cap = Math.min(maxDelayMs, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** The records in the order they must be sent. */
export function sortRecords<T extends OutboxRecord>(records: T[]): T[] {
  return [...records].sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
}

/** In-process mutex used where navigator.locks does not exist (tests, old browsers). */
function localLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, options, cb) {
      if (held.has(name) && options.ifAvailable) return cb(null);
      held.add(name);
      try {
        return await cb({});
      } finally {
        held.delete(name);
      }
    },
  };
}

export class Outbox {
  private readonly store: UseStore;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly locks: LockManagerLike;
  private readonly senderId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private readonly listeners = new Set<() => void>();
  private readonly channel: BroadcastChannel | null;
  /** True when the lock is shared by every tab (navigator.locks): see claim(). */
  private readonly globalLock: boolean;
  private paused = false;
  /** When the server last answered (any answer but a network error): backoffs end then. */
  private answeredAt = Number.NEGATIVE_INFINITY;
  /** A send may still settle after close() (a page leaving mid-send): it must not touch the channel. */
  private closed = false;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(private readonly opts: OutboxOptions) {
    this.store = createStore(opts.dbName ?? 'balcao-outbox', 'commands');
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : undefined;
    this.locks = opts.locks ?? nav?.locks ?? localLocks();
    this.globalLock = Boolean(opts.locks ?? nav?.locks);
    this.channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(opts.channelName ?? 'balcao-outbox') : null;
    // Another tab changed the queue: tell this tab's views.
    if (this.channel) this.channel.onmessage = () => this.emit(false);
  }

  /** Writes the command durably, then tries to send it. */
  async enqueue<P>(cmd: NewCommand<P>): Promise<OutboxRecord<P>> {
    const now = this.now();
    const record: OutboxRecord<P> = {
      id: cmd.id ?? crypto.randomUUID(),
      orderId: cmd.orderId,
      command: cmd.command,
      payload: cmd.payload,
      expectedState: cmd.expectedState,
      label: cmd.label,
      createdAt: now,
      seq: ++seqCounter,
      attempts: 0,
      status: 'pending',
      nextAttemptAt: now,
    };
    await update(record.id, () => record, this.store);
    this.emit();
    void this.drain();
    return record;
  }

  async list(): Promise<OutboxRecord[]> {
    return sortRecords((await values<OutboxRecord | undefined>(this.store)).filter((r): r is OutboxRecord => Boolean(r)));
  }

  /** Removes a conflict or failure once a person has seen it. */
  async acknowledge(id: string): Promise<void> {
    await del(id, this.store);
    this.emit();
  }

  /** A 401 paused the queue; call after signing in again. */
  resume(): void {
    this.paused = false;
    this.emit(false);
    void this.drain();
  }

  /**
   * The connection came back: what was waiting for its backoff is due now (the backoff protects the
   * server from a retry storm while it is down, not the tablet from a returning network).
   */
  async retryNow(): Promise<void> {
    const now = this.now();
    for (const r of await this.list()) {
      if (r.status === 'pending' && r.nextAttemptAt > now) {
        await update<OutboxRecord | undefined>(r.id, (cur) => (cur && cur.status === 'pending' ? { ...cur, nextAttemptAt: now } : cur), this.store);
      }
    }
    await this.drain();
  }

  isPaused(): boolean {
    return this.paused;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.channel?.close();
    this.listeners.clear();
  }

  /** Sends what is due. Concurrent calls coalesce; across tabs only the lock holder sends. */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.locks.request('balcao-outbox', { ifAvailable: true }, async (lock) => {
            if (lock) await this.drainOnce();
          });
        } while (this.again && !this.paused);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private emit(broadcast = true): void {
    this.listeners.forEach((l) => l());
    if (broadcast && !this.closed) this.channel?.postMessage('changed');
  }

  /** Atomically marks a record as being sent by this sender; false when someone else has it. */
  private async claim(id: string): Promise<OutboxRecord | null> {
    const now = this.now();
    // The server just answered another command: what waits for its backoff is due now.
    const reachable = now - this.answeredAt < ANSWERED_FRESH_MS;
    let claimed: OutboxRecord | null = null;
    // One readwrite transaction: read, check, write. A record deleted meanwhile stays deleted.
    await this.store('readwrite', (store) =>
      new Promise<void>((resolve, reject) => {
        const req = store.get(id);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const r = req.result as OutboxRecord | undefined;
          // Senders only send while holding the lock. With a lock every tab shares, a record still
          // marked 'sending' when we hold it belongs to a page that died or reloaded mid-send; with
          // only an in-page lock, wait until its claim is stale.
          const orphan = r?.status === 'sending' && (this.globalLock || now - (r.claimedAt ?? 0) > STALE_CLAIM_MS);
          const free = r && (r.status === 'pending' || orphan);
          if (r && free && (r.nextAttemptAt <= now || (reachable && r.status === 'pending'))) {
            claimed = { ...r, status: 'sending', claimedBy: this.senderId, claimedAt: now, attempts: r.attempts + 1 };
            store.put(claimed, id);
          }
          resolve();
        };
      }),
    );
    return claimed;
  }

  private async drainOnce(): Promise<void> {
    const blocked = new Set<string>();
    let skipped = false;
    for (const r of await this.list()) {
      if (this.paused) return;
      // Order is kept per order: a waiting, failed-for-now or conflicting command holds back the
      // commands after it for the same order; other orders go on.
      if (blocked.has(r.orderId)) continue;
      if (r.status === 'conflict' || r.status === 'failed') {
        blocked.add(r.orderId);
        continue;
      }
      const record = await this.claim(r.id);
      if (!record) {
        blocked.add(r.orderId);
        if (r.status === 'pending') skipped = true;
        continue;
      }
      this.emit(false);
      let outcome: SendOutcome;
      try {
        outcome = await this.opts.send(record);
      } catch (err) {
        outcome = { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
      }
      if (outcome.kind !== 'retry') {
        // A successful (or refused) request means the network is back: retry the rest at once.
        if (this.now() - this.answeredAt >= ANSWERED_FRESH_MS && skipped) this.again = true;
        this.answeredAt = this.now();
      }
      await this.settle(record, outcome);
      if (outcome.kind !== 'ok') blocked.add(record.orderId);
      if (outcome.kind === 'auth') {
        this.paused = true;
        this.emit();
        return;
      }
    }
  }

  private async settle(record: OutboxRecord, outcome: SendOutcome): Promise<void> {
    const now = this.now();
    if (outcome.kind === 'ok') {
      await del(record.id, this.store);
    } else {
      const next: OutboxRecord = {
        ...record,
        claimedBy: undefined,
        claimedAt: undefined,
        lastError: outcome.message,
        ...(outcome.kind === 'retry' || outcome.kind === 'auth'
          ? { status: 'pending' as const, nextAttemptAt: now + (outcome.kind === 'retry' ? backoffDelay(record.attempts, this.random, this.opts.maxDelayMs) : 0) }
          : { status: outcome.kind === 'conflict' ? ('conflict' as const) : ('failed' as const), response: outcome.body }),
      };
      if (outcome.kind === 'auth') next.attempts = Math.max(0, record.attempts - 1);
      await update(record.id, () => next, this.store);
    }
    this.emit();
    this.opts.onSettled?.(record, outcome);
  }

  /** When the next pending record becomes due (for the retry timer), or null. */
  async nextDueAt(): Promise<number | null> {
    const pending = (await this.list()).filter((r) => r.status === 'pending');
    return pending.length ? Math.min(...pending.map((r) => r.nextAttemptAt)) : null;
  }
}

/**
 * Maps an HTTP answer to an outcome: network errors and 5xx retry; 401 pauses; 409 is a conflict;
 * other 4xx are final.
 */
export function outcomeFromStatus(status: number, body?: unknown, message?: string): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'ok', body };
  if (status === 0 || status >= 500 || status === 408 || status === 429) return { kind: 'retry', message };
  if (status === 401) return { kind: 'auth', message };
  if (status === 409) return { kind: 'conflict', body, message };
  return { kind: 'final', body, message };
}

/**
 * Drains on start, when the browser says it is online, when the page becomes visible, and on a
 * timer, because venue Wi-Fi that says "online" often is not. Returns the function that stops it.
 */
export function attachTriggers(outbox: Outbox, intervalMs = 5000): () => void {
  const kick = () => void outbox.drain();
  const onOnline = () => void outbox.retryNow();
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(kick, intervalMs);
  kick();
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
