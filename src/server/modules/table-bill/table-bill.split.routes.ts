/**
 * POST api/Mesa/{mesa}/Conta/DivisaoPorItens (issue 41): the waiter's split by items, stored on the
 * open bill so every phone sees it. Under the bill's row lock (the same lock payments take): a split is
 * set or removed only while no payment is paid or waiting (one split mode per bill); once a person has
 * paid (or their Pix waits), they and their items stay as they were, and the rest may still change
 * (an item ordered later goes to someone who has not paid, or to a new person).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { billParams, tableBill } from '../../../shared/contract/table-bill';
import { itemSplitRequest } from '../../../shared/contract/table-bill-split';
import { ITEM_SPLIT_MSG, itemSplitProblem, personFingerprint } from '../../../shared/table-bill-split';
import type { Db } from '../../db/client';
import { tableBills } from '../../db/schema/table-bill';
import { HttpError } from '../../lib/http-error';
import { changeOpenBill, openLines, paymentsOf, type PixInfo } from './table-bill.repository';
import { personPaymentsOf, splitLinesOf } from './table-bill.split';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export function tableBillSplitRoutes(fastify: FastifyInstance, opts: { db: Db; pix: PixInfo }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post('/api/Mesa/:mesa/Conta/DivisaoPorItens', { schema: { params: billParams, body: itemSplitRequest, response: { 200: tableBill, ...errors } } }, async (req) => {
    const next = req.body.Divisao;
    return changeOpenBill(db, req, { localId: req.body.localId, mesa: req.params.mesa }, opts.pix, async (tx, bill, table) => {
      const payments = await paymentsOf(tx, bill.id);
      const taken = payments.filter((p) => p.status === 'paid' || p.status === 'pending');
      const prev = bill.itemSplit ?? null;
      // Switching modes (none ↔ by items) only while nothing was paid: a share or a part already paid
      // belongs to the mode it was paid in.
      if ((prev === null) !== (next === null) && taken.length) throw new HttpError(409, ITEM_SPLIT_MSG.modeLocked);
      if (next) {
        const lines = await openLines(tx, table, bill.openedAt);
        const problem = itemSplitProblem(splitLinesOf(lines), next);
        if (problem) throw new HttpError(problem.status, problem.message);
        if (prev) {
          for (const k of personPaymentsOf(payments).keys()) {
            if (personFingerprint(prev, k) !== personFingerprint(next, k)) throw new HttpError(409, ITEM_SPLIT_MSG.personLocked(prev.Pessoas[k - 1]?.Nome ?? `Pessoa ${k}`));
          }
        }
      }
      await tx.update(tableBills).set({ itemSplit: next }).where(eq(tableBills.id, bill.id));
    });
  });
}
