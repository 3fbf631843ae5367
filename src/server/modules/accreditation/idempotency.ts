/**
 * Idempotency-Key for accreditation state changes (activate, accredit, stop maintenance, bind, MCC):
 * the same key with the same request replays the stored answer and changes nothing; the same key
 * with another request answers 422. Keys are per user and kept IDEMPOTENCY_TTL_DAYS (7). The key is
 * stored in the same transaction as the change; a refused change (4xx thrown) stores nothing, so
 * the caller may correct it and retry.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACC_MSG } from '../../../shared/accreditation';
import type { Db } from '../../db/client';
import { accIdempotency } from '../../db/schema/accreditation';
import { HttpError } from '../../lib/http-error';
import { requestHash } from '../orders/idempotency';
import type { Tx } from './accreditation.repository';

const TTL_DAYS = 7;

export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new HttpError(400, ACC_MSG.idempotencyInvalid);
  return key;
}

export interface Answer {
  status: number;
  body: unknown;
}

export async function idempotent(db: Db, req: FastifyRequest, userId: string, payload: unknown, work: (tx: Tx) => Promise<Answer>): Promise<Answer> {
  const key = idempotencyKeyOf(req);
  const hash = requestHash(`${req.method} ${req.routeOptions.url}`, payload);
  return db.transaction(async (tx) => {
    if (key) {
      // Serialises twins with the same key: the second waits for the first's transaction.
      await tx.execute(sqlLock(userId, key));
      const [row] = await tx
        .select()
        .from(accIdempotency)
        .where(and(eq(accIdempotency.userId, userId), eq(accIdempotency.key, key), gt(accIdempotency.expiresAt, new Date())));
      if (row) {
        if (row.requestHash !== hash) throw new HttpError(422, ACC_MSG.idempotencyMismatch);
        return { status: row.statusCode, body: row.response };
      }
    }
    const answer = await work(tx);
    if (key) {
      await tx.delete(accIdempotency).where(and(eq(accIdempotency.userId, userId), eq(accIdempotency.key, key), lte(accIdempotency.expiresAt, new Date())));
      await tx
        .insert(accIdempotency)
        .values({ userId, key, requestHash: hash, statusCode: answer.status, response: answer.body as object, expiresAt: new Date(Date.now() + TTL_DAYS * 86_400_000) })
        .onConflictDoNothing();
    }
    return answer;
  });
}

function sqlLock(userId: string, key: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`acc:${userId}:${key}`}))`;
}
