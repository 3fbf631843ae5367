/**
 * Pix payment lookup, status update and refund (spec 001 §2.15, §4, §7). Update Status asks the
 * acquirer only while the order is pending and not refundable; a refund needs AllowsRefund and can
 * never exceed what was paid: the conditional UPDATE below checks it inside the transaction and
 * the table's check constraint refuses it again.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { FINANCE_PATHS, idParam, localQuery, optionalLocalQuery, PIX_RECENT_MAX, pixActionAnswer, pixOrder, pixOrderList, refundRequest, type PixOrder } from '../../../shared/contract/finance';
import { FINANCE_MSG, FINANCE_ROLES, isUuid, pixActions } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { financePixOrders } from '../../db/schema/finance';
import { pixDevolucoes } from '../../db/schema/pix';
import { enqueueJob, type JobQueue } from '../../lib/jobs';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue } from '../../plugins/auth';
import { type AcquirerAdapter, ProviderError } from './adapters';
import { allowsRefund, audit, createIdempotentRunner, financeRequestOnce, lockVenue, sendCommand, toPixOrder, type Tx } from './finance.repository';
import { runOnce } from '../../lib/once';
import { venueOfObject } from './finance-venue';
import { PIX_REFUND_INLINE_MS, PIX_REFUND_JOB, refundAnswer, refundStates } from './pix-refund-job';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export function pixRoutes(fastify: FastifyInstance, opts: { db: Db; acquirer: AcquirerAdapter; jobs: JobQueue }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, acquirer, jobs } = opts;
  const run = createIdempotentRunner(db);

  /** The order with its refunds (API Pix devoluções) and their states. */
  async function withRefunds(q: Db | Tx, order: PixOrder): Promise<PixOrder> {
    return { ...order, Refunds: (await refundStates(q, [order.Id])).get(order.Id) ?? [] };
  }

  /** The venue's order by its id or its end-to-end id; another venue's order is "not found". */
  async function findOrder(q: Db | Tx, venueId: string, ref: string, lock = false) {
    const key = ref.trim();
    const match = isUuid(key) ? or(eq(financePixOrders.id, key.toLowerCase()), eq(financePixOrders.endToEndId, key)) : eq(financePixOrders.endToEndId, key);
    const base = q.select({ o: financePixOrders, venueName: venues.name }).from(financePixOrders).innerJoin(venues, eq(venues.id, financePixOrders.venueId)).where(and(eq(financePixOrders.venueId, venueId), match));
    const [r] = lock ? await base.for('update', { of: financePixOrders }) : await base;
    if (!r) throw new HttpError(404, FINANCE_MSG.pixNotFound);
    return r;
  }

  /** §7 writes these calls with the order's id only: the venue is the order's unless ours is given. */
  function pixVenue(req: FastifyRequest, given: string | undefined, ref: string) {
    return venueOfObject(db, req, {
      given,
      role: FINANCE_ROLES.pix,
      notFound: FINANCE_MSG.pixNotFound,
      lookup: async () => {
        const key = ref.trim();
        const match = isUuid(key) ? or(eq(financePixOrders.id, key.toLowerCase()), eq(financePixOrders.endToEndId, key)) : eq(financePixOrders.endToEndId, key);
        const [r] = await db.select({ venueId: financePixOrders.venueId }).from(financePixOrders).where(match).limit(1);
        return r?.venueId;
      },
    });
  }

  app.get(`/${FINANCE_PATHS.pixOrder}/:id`, { schema: { params: idParam, querystring: optionalLocalQuery, response: { 200: pixOrder, ...errors } } }, async (req) => {
    const { venueId } = await pixVenue(req, req.query.localId, req.params.id);
    const r = await findOrder(db, venueId, req.params.id);
    return withRefunds(db, toPixOrder(r.o, r.venueName));
  });

  app.get(`/${FINANCE_PATHS.pixRecent}`, { schema: { querystring: localQuery, response: { 200: pixOrderList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId.toLowerCase(), FINANCE_ROLES.pix);
    const rows = await db
      .select({ o: financePixOrders, venueName: venues.name })
      .from(financePixOrders)
      .innerJoin(venues, eq(venues.id, financePixOrders.venueId))
      .where(eq(financePixOrders.venueId, venueId))
      .orderBy(desc(financePixOrders.createdAt), desc(financePixOrders.id))
      .limit(PIX_RECENT_MAX);
    const refunds = await refundStates(db, rows.map((r) => r.o.id));
    return rows.map((r) => ({ ...toPixOrder(r.o, r.venueName), Refunds: refunds.get(r.o.id) ?? [] }));
  });

  app.post(`/${FINANCE_PATHS.pixUpdate}/:id`, { schema: { params: idParam, querystring: optionalLocalQuery, response: { 200: pixActionAnswer, ...errors } } }, async (req, reply) => {
    const { venueId } = await pixVenue(req, req.query.localId, req.params.id);
    // The PSP is asked first, outside any transaction (no provider call holds the ledger's locks). It
    // is a read: asking again on a retry changes nothing. An order no longer pending asks nothing and
    // lets the key's stored answer (a replay) or the 409 below speak.
    const before = await findOrder(db, venueId, req.params.id);
    let remote: Awaited<ReturnType<AcquirerAdapter['pixStatus']>> | null = null;
    if (pixActions(toPixOrder(before.o, before.venueName)).canUpdateStatus) {
      try {
        remote = await acquirer.pixStatus(before.o.endToEndId);
      } catch (err) {
        if (err instanceof ProviderError) throw new HttpError(422, err.message);
        throw err;
      }
    }
    return run(req, reply, 'pix-update', venueId, { id: req.params.id }, async (tx, user) => {
      const { o, venueName } = await findOrder(tx, venueId, req.params.id, true);
      const view = toPixOrder(o, venueName);
      if (!pixActions(view).canUpdateStatus || !remote) throw new HttpError(409, FINANCE_MSG.pixStatusNotPending);
      const [next] = await tx.update(financePixOrders).set({ status: remote.status, approvedAt: remote.approvedAt }).where(eq(financePixOrders.id, o.id)).returning();
      await audit(tx, { venueId, user, action: 'pix-update-status', entity: 'pix_order', entityId: o.id, detail: { from: o.status, to: remote.status } });
      return { status: 200, body: { Message: FINANCE_MSG.pixStatusUpdated, Order: toPixOrder(next, venueName) } };
    });
  });

  /**
   * A Pix refund on runOnce (lib/once.ts): the key, the reserved value and the devolução (its id is
   * the key API Pix dedupes on) commit with the job; the PSP is called by the job, inline after the
   * commit. While the PSP has not answered, the key answers the refund's current state (the job
   * settles the key when it hears), so a replay never shows an out-of-date message.
   */
  app.post(
    `/${FINANCE_PATHS.pixRefund}/:id`,
    { schema: { params: idParam, querystring: optionalLocalQuery, body: refundRequest, response: { 200: pixActionAnswer, ...errors } } },
    async (req, reply) => {
      const { venueId } = await pixVenue(req, req.query.localId, req.params.id);
      const user = requireUser(req);
      const askedCents = req.body?.Value === undefined ? null : Math.round(req.body.Value * 100);
      const r = await runOnce<{ ref: string; jobId: number | null }, void>(db, {
        ...financeRequestOnce(req, venueId, 'pix-refund', { id: req.params.id, cents: askedCents }),
        async reserve(tx) {
          await lockVenue(tx, venueId);
          const { o } = await findOrder(tx, venueId, req.params.id, true);
          if (!allowsRefund(o)) throw new HttpError(409, FINANCE_MSG.pixRefundNotAllowed);
          const cents = askedCents ?? o.amountCents - o.refundedCents;
          // The ledger's rule in SQL: the refunded total may never pass the paid value.
          const [next] = await tx
            .update(financePixOrders)
            .set({
              refundedCents: sql`${financePixOrders.refundedCents} + ${cents}`,
              status: sql`case when ${financePixOrders.refundedCents} + ${cents} = ${financePixOrders.amountCents} then 'chargeback' else ${financePixOrders.status} end`,
            })
            .where(and(eq(financePixOrders.id, o.id), sql`${financePixOrders.refundedCents} + ${cents} <= ${financePixOrders.amountCents}`))
            .returning();
          if (!next) throw new HttpError(422, FINANCE_MSG.pixRefundAbovePaid);
          // The PSP is called by the job (pix-refund-job.ts), after this commit, with this devolução id
          // on every attempt: API Pix answers the same id with the same devolução, never a second one.
          const devolucaoId = randomUUID().replace(/-/g, '');
          await tx.insert(pixDevolucoes).values({ id: devolucaoId, venueId, pixOrderId: o.id, endToEndId: o.endToEndId, amountCents: cents, createdBy: user.id });
          const jobId = await enqueueJob(tx, PIX_REFUND_JOB, { id: devolucaoId }, { key: devolucaoId, delayMs: PIX_REFUND_INLINE_MS });
          await audit(tx, { venueId, user, action: 'pix-refund', entity: 'pix_order', entityId: o.id, detail: { devolucaoId, amountCents: cents, refundedTotalCents: next.refundedCents } });
          return { ref: devolucaoId, jobId };
        },
        // The first attempt runs now, in this request; if the PSP is down the queue retries later and
        // the page shows "Devolução solicitada" until then. The job records the outcome itself.
        async call(r) {
          try {
            if (r.jobId !== null) await jobs.runNow(r.jobId);
          } catch {
            /* recorded on the devolução (failed) or left pending for the queue's retry */
          }
        },
        async finish(tx, r) {
          const answer = await refundAnswer(tx, r.ref);
          return { ...answer, checking: answer.pending };
        },
        current: (ref) => refundAnswer(db, ref),
      });
      return sendCommand(reply, r);
    },
  );
}
