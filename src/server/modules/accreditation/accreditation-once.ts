/**
 * Idempotency-Key for accreditation state changes (activate, accredit, stop maintenance, bind, MCC),
 * on the one rule (lib/once.ts, table command_keys): the same key with the same request replays the
 * stored answer and changes nothing; the same key with another request answers 422. Keys are per
 * user (scope `user:{id}`). The key is stored in the same transaction as the change; a refused
 * change (4xx thrown) stores nothing, so the caller may correct it and retry.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ACC_MSG } from '../../../shared/accreditation';
import type { Db } from '../../db/client';
import { commandHash, idempotencyKeyOf, runOnce, type CommandResult } from '../../lib/once';
import type { Tx } from './accreditation.repository';

export type Answer = CommandResult;

export async function idempotent(db: Db, req: FastifyRequest, userId: string, payload: unknown, work: (tx: Tx) => Promise<Answer>): Promise<Answer> {
  const r = await runOnce<{ ref: string; answer: Answer }, undefined>(db, {
    scope: `user:${userId}`,
    key: idempotencyKeyOf(req, ACC_MSG.idempotencyInvalid),
    hash: commandHash(`accreditation:${req.method} ${req.routeOptions.url}`, payload),
    mismatchMessage: ACC_MSG.idempotencyMismatch,
    reserve: async (tx) => ({ ref: randomUUID(), answer: await work(tx as Tx) }),
    finish: async (_tx, r) => r.answer,
    // Never pending: the answer commits with the change.
    current: async () => ({ status: 409, body: { Message: ACC_MSG.idempotencyMismatch } }),
  });
  return { status: r.status, body: r.body };
}
