/**
 * Shared ledger plumbing of the finance module: the venue lock, the append-only audit log, the
 * Idempotency-Key rules (the orders module's, same table and semantics: a replay answers the stored
 * response and changes nothing; the same key with another request answers 422) and row mappers.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { centsToReais } from '../../../shared/finance';
import type { PixOrder } from '../../../shared/contract/finance';
import type { Db } from '../../db/client';
import { financeAuditLog, financePixOrders } from '../../db/schema/finance';
import { HttpError } from '../../lib/http-error';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { Idempotency, keyOf, requestHash, type CommandResult } from '../orders/idempotency';
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

/**
 * Runs a money change in one transaction under the venue lock, keyed by the request's
 * Idempotency-Key (optional; replays carry the `idempotent-replayed: true` header). An HttpError
 * thrown inside rolls everything back and stores nothing.
 */
export function createIdempotentRunner(db: Db) {
  const idem = new Idempotency(db);
  /** `after` (optional) runs after the commit of a fresh (not replayed) success and may change the answer. */
  return async function run(req: FastifyRequest, reply: FastifyReply, route: string, venueId: string, payload: unknown, work: FinanceCommand, after?: (r: CommandResult) => Promise<CommandResult>) {
    const user = requireUser(req);
    const key = keyOf(req);
    const r = await idem.inTransaction(
      { venueId, key, hash: requestHash(`finance:${route}`, payload), userId: user.id },
      (tx) => lockVenue(tx, venueId),
      (tx) => work(tx, user),
    );
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    else if (after && r.status < 400) {
      const next = await after({ status: r.status, body: r.body } as CommandResult);
      return reply.status(next.status).send(next.body);
    }
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    return reply.status(r.status).send(r.body);
  };
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
