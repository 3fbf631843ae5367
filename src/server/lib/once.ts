/**
 * Exactly once, for every command that moves money or calls a provider (payments, transfers,
 * refunds, recharges, reprocessing, courier calls, invoices, proposals). One rule, written here once
 * (the orders' idempotency, modules/orders/idempotency.ts, is the model; Stripe's keys the reference):
 *
 * 1. The Idempotency-Key is stored in the same transaction as the effect it names (`reserve`: lock
 *    or constrain the resource, insert the effect as pending), before any provider is called. The
 *    key row is inserted first, so a twin with the same key on another process waits on the
 *    primary key and then finds it taken: it never reserves a second effect.
 * 2. The provider is called outside any transaction (`call`), with the effect's id (`ref`) as the
 *    stable key it can dedupe on. A timeout or a lost answer is the domain's "em verificação"
 *    (pending): `call` returns that outcome, never throws it away, and the domain has a job that
 *    asks the provider for `ref`'s outcome (enqueued in `reserve`'s transaction, so a crash between
 *    the steps is settled too).
 * 3. The outcome is recorded (`finish`) in a second transaction with the answer, and the key is
 *    marked done with that answer.
 *
 * The same key always gets the same answer: the stored one once done; while the call runs, a twin
 * waits a bounded while for it (in this process or another) and then answers the effect's current
 * state (`current`); while the provider's outcome is being checked ("em verificação"), the current
 * state at once; never a stale text. The same key with another request answers 422. A refusal
 * thrown as HttpError from `reserve` rolls everything back and stores nothing, so a corrected retry
 * may run; a single-use resource refuses a different key with its own message, from `reserve`.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Q, Tx } from '../db/client';
import { commandKeys } from '../db/schema/command-keys';
import { HttpError } from './http-error';

export type { Q, Tx };

export interface CommandResult {
  status: number;
  body: unknown;
}

export const KEY_TTL_DAYS = 7;
/** How long a twin waits for the original's answer before answering the current state. */
const TWIN_WAIT_MS = 20_000;

/** The Idempotency-Key header: 1–200 visible ASCII characters, or absent (null). */
export function idempotencyKeyOf(req: FastifyRequest, invalidMessage: string): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new HttpError(400, invalidMessage);
  return key;
}

/** JSON with sorted keys, so the same request hashes the same whatever the key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Hash of what a request asks for. Pass only what identifies the command: never a card's number or
 * CVV (a hash of them is still card data); the last four digits and the amount are enough.
 */
export function commandHash(route: string, payload: unknown): string {
  return createHash('sha256').update(`${route}\n${canonical(payload)}`).digest('hex');
}

export interface OnceCommand<R extends { ref: string }, O> {
  /** Whose keys these are ('venue:<id>', 'link:<id>', 'user:<id>'): keys of two scopes never meet. */
  scope: string;
  key: string | null;
  hash: string;
  /** Message of the 422 for the same key with another request. */
  mismatchMessage: string;
  /** In the key's transaction: lock/check the resource and insert the effect as pending. */
  reserve(tx: Tx): Promise<R>;
  /**
   * Outside any transaction: the provider call with `r.ref` as its idempotency key. A command with
   * no provider call (a ledger change only) leaves it out: then `finish` runs in the key's own
   * transaction, so the effect and its answer commit together and no twin ever waits for it.
   */
  call?(r: R): Promise<O>;
  /**
   * In a transaction: records the outcome and answers. `checking: true` when the outcome is not
   * known yet (the provider timed out: "em verificação"): the key then answers the effect's current
   * state on every replay until the settling job calls `settleKeys`. `forget: true` when the call
   * changed nothing anywhere (a read-only lookup that found nothing, or could not be made) and
   * `finish` recorded nothing: the key is released, so a retry with it runs again.
   */
  finish(tx: Tx, r: R, outcome: O): Promise<CommandResult & { checking?: boolean; forget?: boolean }>;
  /** The answer for an effect still pending (a twin's wait ran out, or the call never finished). */
  current(ref: string): Promise<CommandResult>;
}

class KeyTaken extends Error {}

const inflight = new Map<string, Promise<unknown>>();

export async function runOnce<R extends { ref: string }, O>(db: Db, cmd: OnceCommand<R, O>): Promise<CommandResult & { replayed: boolean }> {
  if (!cmd.key) return { ...(await execute(db, cmd)), replayed: false };
  const id = `${cmd.scope}\n${cmd.key}`;
  // In this process a twin waits for the original outright (no polling).
  for (let twin = inflight.get(id); twin; twin = inflight.get(id)) await twin.catch(() => {});
  const p = (async () => {
    for (let attempt = 1; ; attempt++) {
      const seen = await replay(db, cmd);
      if (seen) return { ...seen, replayed: true };
      try {
        return { ...(await execute(db, cmd)), replayed: false };
      } catch (err) {
        // Another process took the key between our look and our insert: its answer is ours (the
        // next look finds it). Should its row be gone again (it expired), the key is free: run.
        if (!(err instanceof KeyTaken) || attempt >= 3) throw err;
      }
    }
  })();
  inflight.set(id, p);
  try {
    return await p;
  } finally {
    if (inflight.get(id) === p) inflight.delete(id);
  }
}

/** The stored answer for this key, waiting a bounded while for a pending twin; null when unknown. */
async function replay<R extends { ref: string }, O>(db: Db, cmd: OnceCommand<R, O>): Promise<CommandResult | null> {
  const deadline = Date.now() + TWIN_WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const [row] = await db
      .select()
      .from(commandKeys)
      .where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key!)));
    if (!row || row.expiresAt <= new Date()) return null;
    if (row.requestHash !== cmd.hash) throw new HttpError(422, cmd.mismatchMessage);
    if (row.state === 'done' && row.statusCode !== null) return { status: row.statusCode, body: row.response };
    if (row.state === 'checking' || Date.now() >= deadline) return cmd.current(row.ref);
    await new Promise((r) => setTimeout(r, delay));
  }
}

async function execute<R extends { ref: string }, O>(db: Db, cmd: OnceCommand<R, O>): Promise<CommandResult> {
  if (!cmd.call) {
    return db.transaction(async (tx) => {
      await takeKey(tx, cmd);
      const r = await cmd.reserve(tx);
      const { checking, forget: _forget, ...result } = await cmd.finish(tx, r, undefined as O);
      if (cmd.key) await tx.update(commandKeys).set(checking ? { state: 'checking', ref: r.ref } : { state: 'done', ref: r.ref, statusCode: result.status, response: result.body as object }).where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key)));
      return result;
    });
  }
  const reserved = await db.transaction(async (tx) => {
    await takeKey(tx, cmd);
    const r = await cmd.reserve(tx);
    if (cmd.key) await tx.update(commandKeys).set({ ref: r.ref }).where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key)));
    return r;
  });
  const outcome = await cmd.call(reserved);
  return db.transaction(async (tx) => {
    const { checking, forget, ...result } = await cmd.finish(tx, reserved, outcome);
    if (cmd.key && forget) await tx.delete(commandKeys).where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key)));
    else if (cmd.key) {
      await tx
        .update(commandKeys)
        .set(checking ? { state: 'checking' } : { state: 'done', statusCode: result.status, response: result.body as object })
        .where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key)));
    }
    return result;
  });
}

/** Inserts the key's row (pending); throws KeyTaken when another request holds the key. */
async function takeKey<R extends { ref: string }, O>(tx: Tx, cmd: OnceCommand<R, O>): Promise<void> {
  if (!cmd.key) return;
  await tx.delete(commandKeys).where(and(eq(commandKeys.scope, cmd.scope), eq(commandKeys.key, cmd.key), lte(commandKeys.expiresAt, new Date())));
  // A placeholder ref until the effect exists; the row is ours only if this insert wins.
  const won = await tx
    .insert(commandKeys)
    .values({ scope: cmd.scope, key: cmd.key, requestHash: cmd.hash, state: 'pending', ref: '', expiresAt: new Date(Date.now() + KEY_TTL_DAYS * 86_400_000) })
    .onConflictDoNothing()
    .returning({ key: commandKeys.key });
  if (!won.length) throw new KeyTaken('');
}

/**
 * For the job that settles a pending effect by asking the provider: every key still pending on
 * `ref` now answers `result` (the settled state), so later replays are not stuck on "em verificação".
 */
export async function settleKeys(q: Q, ref: string, result: CommandResult): Promise<void> {
  await q
    .update(commandKeys)
    .set({ state: 'done', statusCode: result.status, response: result.body as object })
    .where(and(eq(commandKeys.ref, ref), inArray(commandKeys.state, ['pending', 'checking'])));
}

export async function purgeExpiredKeys(db: Db): Promise<void> {
  await db.delete(commandKeys).where(lte(commandKeys.expiresAt, new Date()));
}
