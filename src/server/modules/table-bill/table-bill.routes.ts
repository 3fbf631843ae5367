/**
 * Routes of the table's bill (issue 41; paths in src/shared/contract/table-bill.ts BILL_PATHS).
 * Role Garcom in the venue (managers hold it too); a table or a venue the user does not belong to
 * answers 404. Every payment runs through lib/once.ts with its Idempotency-Key, under the open
 * bill's row lock: card and cash are recorded in the key's own transaction; a Pix reserves its
 * amount (and its share) first, then creates the cob at the PSP (PUT /cob/{txid}, the same API Pix
 * adapter payment links use) outside any transaction, then records the BR Code. The Pix becomes
 * paid only when the PSP says so (webhook → re-read job, or the bill's GET re-reading it).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  billCloseAnswer,
  billCloseRequest,
  billParams,
  billPaymentAnswer,
  billPaymentParams,
  billPaymentRequest,
  billQuery,
  billServiceRequest,
  tableBill,
  type BillPaymentAnswer,
} from '../../../shared/contract/table-bill';
import { BILL_MSG, METHOD_DB, METHOD_LABEL, splitEqually } from '../../../shared/table-bill';
import { ITEM_SPLIT_MSG } from '../../../shared/table-bill-split';
import type { Db } from '../../db/client';
import { tableBillOrders, tableBillPayments, tableBills } from '../../db/schema/table-bill';
import { HttpError } from '../../lib/http-error';
import type { JobQueue } from '../../lib/jobs';
import { enqueueJob } from '../../lib/jobs';
import { commandHash, idempotencyKeyOf, runOnce, settleKeys, type Q } from '../../lib/once';
import { requireUser } from '../../plugins/auth';
import { chargeOutcome, type ChargeOutcome, type PixService } from '../pix/pix.service';
import { checkPersonPart } from './table-bill.split';
import { billBundleOf, billDto, changeOpenBill, expireStalePix, lockOpenBill, openFiguresOf, openLines, paymentDto, paymentsOf, tableOf, openBillOf, type PaymentRow, type TableRef , waiterTable } from './table-bill.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 502: errorBody, 503: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Settles a Pix whose cob creation has no recorded answer (lib/once.ts "em verificação"). */
export const BILL_PIX_CHECK_JOB = 'table-bill.pix-check';
/** Pix txid of a payment: its UUID's 32 hex digits. */
const txidOf = (paymentId: string) => paymentId.replace(/-/g, '');
const cents = (reais: number) => Math.round(reais * 100);

/** What asking the PSP for a table's cob gave: its BR Code, no answer in time ("em verificação"), or a refusal. */
export type Outcome = ChargeOutcome;

/** The cob of a table-bill Pix payment (the waiter's and the public page's), its txid from the payment. */
export async function createBillCob(pix: PixService, p: PaymentRow, table: TableRef): Promise<Outcome> {
  return chargeOutcome(
    pix,
    { venueId: p.venueId, kind: 'table-bill', refId: p.id, txid: p.txid!, amountCents: p.amountCents, description: `Conta da ${table.name}` },
    { noKey: BILL_MSG.pixNotConfigured, refused: BILL_MSG.pixUnavailable },
  );
}

export function tableBillRoutes(fastify: FastifyInstance, opts: { db: Db; pix: PixService; sandboxPayments: boolean; env: Record<string, string | undefined>; jobs?: JobQueue }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pix } = opts;
  const pixInfo = { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' };
  const pixLifeMs = Math.max(60, Number(opts.env.PIX_CHARGE_EXPIRATION_SECONDS) || 3600) * 1000;
  const checkDelayMs = Number(opts.env.PAYMENT_CHECK_DELAY_MS) >= 0 && opts.env.PAYMENT_CHECK_DELAY_MS ? Number(opts.env.PAYMENT_CHECK_DELAY_MS) : 30_000;

  // The PSP said paid (webhook re-read, or a status read): the payment follows, once.
  pix.onPaid('table-bill', async (tx, charge) => {
    await tx
      .update(tableBillPayments)
      .set({ status: 'paid', paidAt: charge.paidAt ?? new Date() })
      .where(and(eq(tableBillPayments.id, charge.refId), eq(tableBillPayments.status, 'pending')));
  });

  /**
   * The bill's answer for the GET: one read of the bill (billBundleOf); each pending Pix of the open
   * bill is re-read from the PSP first (a paid one turns paid here), and only then is the bill read again.
   */
  async function readBill(table: TableRef) {
    const bundle = await billBundleOf(db, table);
    const pending = bundle.payments.filter((p) => p.method === 'pix' && p.status === 'pending' && p.txid && p.brCode);
    for (const p of pending) {
      try {
        await pix.refresh(p.txid!);
      } catch {
        /* the PSP is unreachable: the payment stays pending and the phone asks again */
      }
    }
    return billDto(db, table, pixInfo, undefined, pending.length ? undefined : bundle);
  }

  app.get('/api/Mesa/:mesa/Conta', { schema: { params: billParams, querystring: billQuery, response: { 200: tableBill, ...errors } } }, async (req, reply) => {
    const table = await waiterTable(db, req, req.query.localId, req.params.mesa);
    reply.header('cache-control', 'no-store');
    return readBill(table);
  });

  app.post('/api/Mesa/:mesa/Conta/TaxaServico', { schema: { params: billParams, body: billServiceRequest, response: { 200: tableBill, ...errors } } }, (req) =>
    changeOpenBill(db, req, { localId: req.body.localId, mesa: req.params.mesa }, pixInfo, async (tx, bill) => {
      if (bill.serviceRemoved === req.body.Remover) return;
      // Once money was taken the total may no longer move under it.
      const taken = (await paymentsOf(tx, bill.id)).some((p) => p.status === 'paid' || p.status === 'pending');
      if (taken) throw new HttpError(409, BILL_MSG.serviceLocked);
      await tx.update(tableBills).set({ serviceRemoved: req.body.Remover }).where(eq(tableBills.id, bill.id));
    }),
  );

  function needKey(req: FastifyRequest): string {
    const key = idempotencyKeyOf(req, BILL_MSG.idempotencyInvalid);
    if (!key) throw new HttpError(400, BILL_MSG.idempotencyRequired);
    return key;
  }
  function send<T>(reply: FastifyReply, r: { status: number; body: unknown; replayed: boolean }): T {
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    reply.status(r.status);
    return r.body as T;
  }

  /** `key`: the request's Idempotency-Key (its row names the payment only once the answer is stored). */
  async function paymentAnswer(q: Q, table: TableRef, paymentId: string, message: string | null, key: string | null = null): Promise<{ status: number; body: BillPaymentAnswer }> {
    const [p] = await q.select().from(tableBillPayments).where(eq(tableBillPayments.id, paymentId));
    if (!p) return { status: 404, body: { Message: BILL_MSG.paymentNotFound } as never };
    const checking = p.method === 'pix' && p.status === 'pending' && !p.brCode;
    const conta = await billDto(q, table, pixInfo);
    // The payment as the bill lists it, with the key it was recorded with.
    if (key) conta.Pagamentos = conta.Pagamentos.map((x) => (x.Id === p.id && x.Chave === null ? { ...x, Chave: key } : x));
    const pagamento = conta.Pagamentos.find((x) => x.Id === p.id) ?? paymentDto(p, key);
    return { status: checking ? 202 : 201, body: { Message: message ?? (checking ? BILL_MSG.pixChecking : null), Pagamento: pagamento, Conta: conta } };
  }

  const createCob = (p: PaymentRow, table: TableRef) => createBillCob(pix, p, table);

  app.post(
    '/api/Mesa/:mesa/Conta/Pagamentos',
    { schema: { params: billParams, body: billPaymentRequest, response: { 201: billPaymentAnswer, 202: billPaymentAnswer, ...errors } } },
    async (req, reply) => {
      const user = requireUser(req);
      const key = needKey(req);
      const b = req.body;
      const table = await waiterTable(db, req, b.localId, req.params.mesa);
      const method = METHOD_DB[b.Forma];
      if (method === 'pix' && pix.mode === 'off') throw new HttpError(503, BILL_MSG.pixNotConfigured);
      const amount = cents(b.Valor);
      const received = b.ValorRecebido == null ? null : cents(b.ValorRecebido);
      if (received !== null && received > 10_000_000) throw new HttpError(400, BILL_MSG.receivedTooHigh);
      const share = b.Parte ?? null;
      const person = b.Pessoa ?? null;
      const reserve = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => {
        const bill = await lockOpenBill(tx, table, user.id);
        await expireStalePix(tx, bill.id, pixLifeMs);
        const { payments, figures: f } = await openFiguresOf(tx, table, bill);
        if (f.remainingCents <= 0) throw new HttpError(409, f.pendingCents > 0 ? BILL_MSG.pixPending : BILL_MSG.nothingToPay);
        // One split mode per bill: a bill split by items takes its people's parts (or a free amount), no equal shares.
        if (bill.itemSplit && share) throw new HttpError(409, ITEM_SPLIT_MSG.modeItems);
        if (person) checkPersonPart(bill, payments, await openLines(tx, table, bill.openedAt), f, person, amount);
        if (share) {
          if (payments.some((p) => p.shareCount === share.De && p.shareIndex === share.Indice && (p.status === 'paid' || p.status === 'pending'))) throw new HttpError(409, BILL_MSG.shareTaken);
          if (splitEqually(f.totalCents, share.De)[share.Indice - 1] !== amount) throw new HttpError(409, BILL_MSG.shareChanged);
        }
        if (amount > f.remainingCents) throw new HttpError(409, BILL_MSG.overRemaining(f.remainingCents));
        const id = randomUUID();
        const [row] = await tx
          .insert(tableBillPayments)
          .values({
            id,
            billId: bill.id,
            venueId: table.venueId,
            method,
            status: method === 'pix' ? 'pending' : 'paid',
            amountCents: amount,
            receivedCents: method === 'cash' ? received : null,
            changeCents: method === 'cash' && received !== null ? received - amount : null,
            shareIndex: share?.Indice ?? null,
            shareCount: share?.De ?? null,
            personIndex: person,
            txid: method === 'pix' ? txidOf(id) : null,
            createdBy: user.id,
            paidAt: method === 'pix' ? null : new Date(),
          })
          .returning();
        if (method === 'pix') await enqueueJob(tx, BILL_PIX_CHECK_JOB, { paymentId: row.id, tableId: table.id }, { key: row.id, delayMs: checkDelayMs });
        return { ref: row.id, row };
      };
      const common = {
        scope: `table:${table.id}`,
        key,
        // What the request asks for: the method, the amounts and the share.
        hash: commandHash('POST Mesa/Conta/Pagamentos', { table: table.id, method, amount, received, share, ...(person ? { person } : {}) }),
        mismatchMessage: BILL_MSG.idempotencyMismatch,
        reserve,
        current: async (ref: string) => paymentAnswer(db, table, ref, null),
      };
      const r =
        method === 'pix'
          ? await runOnce<{ ref: string; row: PaymentRow }, Outcome>(db, {
              ...common,
              // PUT /cob/{txid}: API Pix's own idempotency (the same txid is the same cob).
              call: (res) => createCob(res.row, table),
              async finish(tx, res, o) {
                if (o.kind === 'unknown') return { ...(await paymentAnswer(tx, table, res.ref, null)), checking: true };
                if (o.kind === 'failed') {
                  // No cob was made: the amount and the share are free again.
                  await tx.update(tableBillPayments).set({ status: 'failed' }).where(eq(tableBillPayments.id, res.ref));
                  return { status: o.status, body: { Message: o.message } };
                }
                await tx.update(tableBillPayments).set({ brCode: o.brCode }).where(eq(tableBillPayments.id, res.ref));
                return paymentAnswer(tx, table, res.ref, null, key);
              },
            })
          : await runOnce<{ ref: string; row: PaymentRow }, undefined>(db, {
              ...common,
              finish: async (tx, res) => paymentAnswer(tx, table, res.ref, BILL_MSG.recorded(METHOD_LABEL[b.Forma], amount), key),
            });
      return send<BillPaymentAnswer>(reply, r);
    },
  );

  /** The settling job: a Pix whose cob answer was never recorded asks the PSP again with the same txid. */
  async function settle(paymentId: string, tableId: string): Promise<void> {
    const [p] = await db.select().from(tableBillPayments).where(eq(tableBillPayments.id, paymentId));
    if (!p || p.status !== 'pending' || p.brCode) return;
    const [bill] = await db.select().from(tableBills).where(eq(tableBills.id, p.billId));
    const table = bill ? await tableOf(db, bill.venueId, tableId) : null;
    if (!table) return;
    const o = await createCob(p, table);
    if (o.kind === 'unknown') throw new Error('PSP unreachable');
    await db.transaction(async (tx) => {
      if (o.kind === 'failed') await tx.update(tableBillPayments).set({ status: 'failed' }).where(and(eq(tableBillPayments.id, p.id), eq(tableBillPayments.status, 'pending')));
      else await tx.update(tableBillPayments).set({ brCode: o.brCode }).where(and(eq(tableBillPayments.id, p.id), isNull(tableBillPayments.brCode)));
      const answer = o.kind === 'failed' ? { status: o.status, body: { Message: o.message } } : await paymentAnswer(tx, table, p.id, null);
      await settleKeys(tx, p.id, answer);
    });
  }
  opts.jobs?.defineJob<{ paymentId: string; tableId: string }>(BILL_PIX_CHECK_JOB, async ({ paymentId, tableId }) => settle(String(paymentId), String(tableId)), {
    maxAttempts: 40,
    backoffMs: 5_000,
    maxBackoffMs: 5 * 60_000,
  });

  app.post('/api/Mesa/:mesa/Conta/Fechar', { schema: { params: billParams, body: billCloseRequest, response: { 200: billCloseAnswer, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const key = idempotencyKeyOf(req, BILL_MSG.idempotencyInvalid);
    const table = await waiterTable(db, req, req.body.localId, req.params.mesa);
    const r = await runOnce<{ ref: string }, undefined>(db, {
      scope: `table:${table.id}`,
      key,
      hash: commandHash('POST Mesa/Conta/Fechar', { table: table.id }),
      mismatchMessage: BILL_MSG.idempotencyMismatch,
      async reserve(tx) {
        const bill = await lockOpenBill(tx, table, user.id);
        await expireStalePix(tx, bill.id, pixLifeMs);
        const { lines, figures: f } = await openFiguresOf(tx, table, bill);
        if (!lines.length) throw new HttpError(409, BILL_MSG.empty);
        if (f.pendingCents > 0) throw new HttpError(409, BILL_MSG.pixPending);
        if (f.remainingCents > 0) throw new HttpError(409, BILL_MSG.notFullyPaid);
        const orderIds = [...new Set(lines.map((l) => l.orderId))];
        await tx.insert(tableBillOrders).values(orderIds.map((orderId) => ({ orderId, billId: bill.id })));
        await tx
          .update(tableBills)
          .set({ status: 'closed', closedAt: new Date(), closedBy: user.id, lines, subtotalCents: f.subtotalCents, serviceCents: f.serviceCents, couvertCents: f.couvertCents, discountCents: f.discountCents, totalCents: f.totalCents })
          .where(and(eq(tableBills.id, bill.id), eq(tableBills.status, 'open')));
        return { ref: bill.id };
      },
      async finish(tx, res) {
        const [closed] = await tx.select().from(tableBills).where(eq(tableBills.id, res.ref));
        return { status: 200, body: { Message: BILL_MSG.closed(table.name), Conta: await billDto(tx, table, pixInfo, closed) } };
      },
      current: async (ref) => {
        const [closed] = await db.select().from(tableBills).where(eq(tableBills.id, ref));
        return { status: 200, body: { Message: BILL_MSG.closed(table.name), Conta: await billDto(db, table, pixInfo, closed) } };
      },
    });
    return send(reply, r);
  });

  // The sandbox's "Simular pagamento": the loopback PSP plays the payer's bank and calls the webhook,
  // which queues a re-read like any PSP's call. Absent unless the sandbox PSP is active and allowed.
  if (!(opts.sandboxPayments && pix.mode === 'sandbox' && pix.loopback)) return;
  app.post(
    '/api/Mesa/:mesa/Conta/Pagamentos/:pagamento/sandbox-pay',
    { schema: { params: billPaymentParams, querystring: billQuery, response: { 200: tableBill, ...errors } } },
    async (req) => {
      const table = await waiterTable(db, req, req.query.localId, req.params.mesa);
      const id = req.params.pagamento;
      const bill = await openBillOf(db, table.id);
      const [p] = bill && UUID_RE.test(id) ? await db.select().from(tableBillPayments).where(and(eq(tableBillPayments.id, id), eq(tableBillPayments.billId, bill.id), inArray(tableBillPayments.status, ['pending']))) : [];
      if (!p || p.method !== 'pix' || !p.txid) throw new HttpError(404, BILL_MSG.paymentNotFound);
      const cob = pix.loopback!.cob(p.txid);
      if (!cob) throw new HttpError(404, BILL_MSG.paymentNotFound);
      if (cob.status === 'ATIVA') await pix.loopback!.pay(p.txid);
      return billDto(db, table, pixInfo);
    },
  );
}
