/**
 * Shared ledger plumbing of the finance module: the venue lock, the append-only audit log, the
 * Idempotency-Key rules (lib/once.ts, the one rule for money and provider commands: a replay answers
 * the stored response, or the current state while pending; the same key with another request
 * answers 422) and row mappers.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { centsToReais } from '../../../shared/finance';
import type { PixOrder } from '../../../shared/contract/finance';
import type { Db } from '../../db/client';
import { financeAuditLog, financePixOrders } from '../../db/schema/finance';
import { HttpError } from '../../lib/http-error';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { commandHash, idempotencyKeyOf, runOnce, type CommandResult } from '../../lib/once';
import { ORDER_MSG } from '../../../shared/orders';
import type { Tx } from '../orders/orders.repository';

export type { Tx };

/** Serialises money changes of one venue (all processes: a transaction-scoped advisory lock). */
export async function lockVenue(tx: Tx, venueId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`finance:${venueId}`}))`);
}

export interface AuditEntry {
  venueId: string;
  user: Pick<AuthUser, 'id' | 'name'>;
  action: string;
  entity: string;
  entityId: string;
  detail: Record<string, unknown>;
}

/** Appends to the audit log (the only write the log ever receives). */
export async function audit(tx: Tx | Db, e: AuditEntry): Promise<void> {
  await tx.insert(financeAuditLog).values({ venueId: e.venueId, userId: e.user.id, userName: e.user.name, action: e.action, entity: e.entity, entityId: e.entityId, detail: e.detail });
}

export type FinanceCommand = (tx: Tx, user: AuthUser) => Promise<CommandResult>;

/** The finance calls' Idempotency-Key (the one rule, lib/once.ts): keys are the venue's. */
export const financeKeyOf = (req: FastifyRequest) => idempotencyKeyOf(req, ORDER_MSG.idempotencyInvalid);
export const financeScope = (venueId: string) => `venue:${venueId}`;
/** What runOnce knows a finance command by: the venue's scope, the key, the command's hash, what a reused key hears. */
export const financeOnce = (a: { venueId: string; key: string | null; hash: string; mismatchMessage: string }) => ({
  scope: financeScope(a.venueId),
  key: a.key,
  hash: a.hash,
  mismatchMessage: a.mismatchMessage,
});
/** The same for a request: its Idempotency-Key, and the hash of `route` with `payload`. */
export const financeRequestOnce = (req: FastifyRequest, venueId: string, route: string, payload: unknown) =>
  financeOnce({ venueId, key: financeKeyOf(req), hash: commandHash(`finance:${route}`, payload), mismatchMessage: ORDER_MSG.idempotencyMismatch });

/**
 * Runs a ledger change (no provider call) in one transaction under the venue lock, keyed by the
 * request's Idempotency-Key through runOnce (lib/once.ts): the key and the answer commit with the
 * change; replays carry the `idempotent-replayed: true` header. An HttpError thrown inside rolls
 * everything back and stores nothing.
 */
export function createIdempotentRunner(db: Db) {
  return async function run(req: FastifyRequest, reply: FastifyReply, route: string, venueId: string, payload: unknown, work: FinanceCommand) {
    const user = requireUser(req);
    const r = await runOnce<{ ref: string; result: CommandResult }, undefined>(db, {
      ...financeRequestOnce(req, venueId, route, payload),
      async reserve(tx) {
        await lockVenue(tx, venueId);
        return { ref: randomUUID(), result: await work(tx, user) };
      },
      finish: async (_tx, r) => r.result,
      // Never pending: the answer commits with the change.
      current: async () => ({ status: 409, body: { Message: ORDER_MSG.idempotencyMismatch } }),
    });
    return sendCommand(reply, r);
  };
}

/** A command's answer: 4xx as the error it is (with the replay header), the rest as sent. */
export function sendCommand(reply: FastifyReply, r: CommandResult & { replayed: boolean }) {
  if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(r.status).send(r.body);
}

type PixRow = typeof financePixOrders.$inferSelect;
/** §4: refund is allowed while an approved payment still has value left to refund. */
export const allowsRefund = (r: PixRow) => r.status === 'approved' && r.refundedCents < r.amountCents;

export function toPixOrder(r: PixRow, venueName: string): PixOrder {
  return {
    Id: r.id,
    LocalName: venueName,
    Value: centsToReais(r.amountCents),
    RefundedValue: centsToReais(r.refundedCents),
    EndToEndId: r.endToEndId,
    Status: r.status,
    CreatedAt: r.createdAt.toISOString(),
    ApprovedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
    AllowsRefund: allowsRefund(r),
    TransacaoPOSId: r.posTransactionId,
    AcquirerId: r.acquirerId,
  };
}
