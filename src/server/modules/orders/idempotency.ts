/**
 * Idempotency-Key for order commands (issue 4, Stripe-style). The key, a hash of the request and
 * the answer are stored; a retry with the same key replays the answer without a second change, the
 * same key with another request answers 422. Keys are per venue and kept IDEMPOTENCY_TTL_DAYS.
 *
 * Every command stores the key in the same transaction as its change, under the venue lock, so
 * concurrent duplicates (two tablets' outboxes, a retry racing its original on another process)
 * make one change and the later one replays the answer. In one process, a duplicate also waits for
 * its twin to finish and then replays its answer.
 *
 * Commands outside the transition table (`around`: rush, bump item, printer status, reprint,
 * carriers, carrier and courier assignment) run their work with the command's transaction as the
 * ambient one: the service's `db` (and `commandDb(db)` in routes) is that transaction, so their own
 * `transaction()` calls become savepoints inside it. Work that must not run inside it (asking a
 * courier platform over HTTP) is handed to `afterCommit`, which runs once the change and the key
 * are committed and may replace the answer; if it throws, the stored key is forgotten so a retry
 * runs the command again instead of replaying a success that was not.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_TTL_DAYS_DEFAULT, ORDER_MSG } from '../../../shared/orders';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/orders';
import { HttpError } from '../../lib/http-error';
import { commandHash, idempotencyKeyOf } from '../../lib/once';
import { lockVenue, type Q, type Tx } from './orders.repository';
import { VenueWriteGate } from './venue-writes';

interface Ambient {
  tx: Tx;
  after: Array<(r: CommandResult) => Promise<CommandResult>>;
}

const ambient = new AsyncLocalStorage<Ambient>();

/** The running command's transaction when there is one, else `db`. */
export function commandDb(db: Db): Q {
  return ambient.getStore()?.tx ?? db;
}

/**
 * Inside a command's transaction: a function that registers work to run after its commit (and may
 * replace the answer). Outside one: null (run the work yourself).
 */
export function afterCommit(): ((fn: (r: CommandResult) => Promise<CommandResult>) => void) | null {
  const store = ambient.getStore();
  return store ? (fn) => store.after.push(fn) : null;
}

export interface CommandResult {
  status: number;
  body: unknown;
}

export interface IdemContext {
  venueId: string;
  key: string | null;
  hash: string;
  userId: string | null;
}

/**
 * Hash of what the request asks for. The password is left out: it is checked, never stored, and a
 * retry that retypes it is still the same command.
 */
export function requestHash(route: string, payload: unknown): string {
  const clean = payload && typeof payload === 'object' && !Array.isArray(payload) ? { ...(payload as Record<string, unknown>), Password: undefined } : payload;
  // lib/once.ts's commandHash: the same canonical JSON and digest, so stored keys still match.
  return commandHash(route, clean);
}

/** The Idempotency-Key header: 1-200 visible ASCII characters, or absent (lib/once.ts reads it). */
export function keyOf(req: FastifyRequest): string | null {
  return idempotencyKeyOf(req, ORDER_MSG.idempotencyInvalid);
}

export class Idempotency {
  private inflight = new Map<string, Promise<unknown>>();

  constructor(
    private db: Db,
    private ttlDays: number = IDEMPOTENCY_TTL_DAYS_DEFAULT,
    /** Every order write's transaction goes through it (venue-writes.ts): bounded, isolated lock waits. */
    readonly gate: VenueWriteGate = new VenueWriteGate({ perVenue: 2, total: 7, waitMs: 3_000 }),
  ) {}

  private async lookup(q: Q, ctx: IdemContext): Promise<CommandResult | null> {
    if (!ctx.key) return null;
    const [row] = await q
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.venueId, ctx.venueId), eq(idempotencyKeys.key, ctx.key), gt(idempotencyKeys.expiresAt, new Date())));
    if (!row) return null;
    if (row.requestHash !== ctx.hash) throw new HttpError(422, ORDER_MSG.idempotencyMismatch);
    return { status: row.statusCode, body: row.response };
  }

  /** Stores the answer; an expired row with the same key is replaced. */
  async store(q: Q, ctx: IdemContext, result: CommandResult): Promise<void> {
    if (!ctx.key) return;
    await q.delete(idempotencyKeys).where(and(eq(idempotencyKeys.venueId, ctx.venueId), eq(idempotencyKeys.key, ctx.key), lte(idempotencyKeys.expiresAt, new Date())));
    await q
      .insert(idempotencyKeys)
      .values({
        venueId: ctx.venueId,
        key: ctx.key,
        requestHash: ctx.hash,
        statusCode: result.status,
        response: result.body as object,
        userId: ctx.userId,
        expiresAt: new Date(Date.now() + this.ttlDays * 86_400_000),
      })
      .onConflictDoNothing();
  }

  /** Waits for a twin request with the same key in this process, so its answer can be replayed. */
  private async serialize<T>(ctx: IdemContext, run: () => Promise<T>): Promise<T> {
    if (!ctx.key) return run();
    const id = `${ctx.venueId}\n${ctx.key}`;
    for (let twin = this.inflight.get(id); twin; twin = this.inflight.get(id)) await twin.catch(() => {});
    const p = run();
    this.inflight.set(id, p);
    try {
      return await p;
    } finally {
      if (this.inflight.get(id) === p) this.inflight.delete(id);
    }
  }

  /**
   * Runs a command whose change happens in one transaction: `work` runs under the venue lock
   * (`lock`), and the key is stored in that same transaction. A thrown HttpError rolls back and
   * stores nothing (the sender can correct and retry); a returned 409 is stored like a success.
   */
  async inTransaction(
    ctx: IdemContext,
    lock: (tx: Tx) => Promise<void>,
    work: (tx: Tx) => Promise<CommandResult>,
    /** Checks that run outside the transaction and not for a replay (e.g. the user's password). */
    prepare?: () => Promise<void>,
  ): Promise<CommandResult & { replayed: boolean }> {
    return this.serialize(ctx, async () => {
      const early = await this.lookup(this.db, ctx);
      if (early) return { ...early, replayed: true };
      await prepare?.();
      return this.gate.run(ctx.venueId, () =>
        this.db.transaction(async (tx) => {
          await lock(tx);
          const stored = await this.lookup(tx, ctx);
          if (stored) return { ...stored, replayed: true };
          const result = await work(tx);
          await this.store(tx, ctx, result);
          return { ...result, replayed: false as boolean };
        }),
      );
    });
  }

  /**
   * Runs a command outside the transition table: with a key, `work` runs in one transaction under
   * the venue lock with the key stored in it (see the header); without one, as it is.
   */
  async around(ctx: IdemContext, work: () => Promise<CommandResult>): Promise<CommandResult & { replayed: boolean }> {
    if (!ctx.key) return { ...(await work()), replayed: false };
    return this.serialize(ctx, async () => {
      const early = await this.lookup(this.db, ctx);
      if (early) return { ...early, replayed: true };
      const store: Ambient = { tx: null as unknown as Tx, after: [] };
      // The gate covers the transaction only: work handed to afterCommit (a courier platform's
      // answer) runs once the connection and the slot are given back.
      const committed = await this.gate.run(ctx.venueId, () =>
        this.db.transaction(async (tx) => {
          await lockVenue(tx, ctx.venueId);
          const stored = await this.lookup(tx, ctx);
          if (stored) return { ...stored, replayed: true };
          store.tx = tx;
          const result = await ambient.run(store, work);
          if (result.status < 500) await this.store(tx, ctx, result);
          return { ...result, replayed: false as boolean };
        }),
      );
      if (committed.replayed || !store.after.length) return committed;
      let result: CommandResult = committed;
      try {
        for (const fn of store.after) result = await fn(result);
      } catch (err) {
        await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.venueId, ctx.venueId), eq(idempotencyKeys.key, ctx.key!)));
        throw err;
      }
      return { ...result, replayed: false };
    });
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, new Date()));
  }
}

/**
 * A command's answer: a stored or fresh 409 becomes the conflict body (through the error handler),
 * anything else is serialised with the route's schema for its status. A replay says so in a header.
 */
export function answer(reply: FastifyReply, r: CommandResult & { replayed: boolean }): never {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  if (r.status === 409) {
    const b = r.body as { Message: string; Pedido: unknown };
    throw new HttpError(409, b.Message, { Pedido: b.Pedido }, r.replayed ? { 'idempotent-replayed': 'true' } : {});
  }
  reply.status(r.status);
  return r.body as never;
}
