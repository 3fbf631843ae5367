/**
 * Payment links (spec 000 §7 Payment links, api/mepaylink family) for role CadastroLink, and the
 * public pay page's calls (no sign-in): read a link, pay it by Pix (API Pix, modules/pix) or by card
 * or boleto (the acquirer), follow the payment. Deleted links are kept (soft delete) so their page
 * can say so. Pix and card attempts are limited per address and per link; the sandbox's simulate
 * call exists only while a sandbox is active and sandbox payments are allowed (pix.service.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  boletoRequest,
  cardRequest,
  challengeBody,
  idParams,
  linkMessage,
  linkPaymentList,
  linkSaved,
  localIdParams,
  paymentAnswer,
  paymentIdParams,
  paymentLink,
  paymentLinkList,
  paymentLinkSave,
  pixRequest,
  productLookup,
  productLookupQuery,
  publicLink,
  type PaymentAnswer,
  type PaymentLinkSave,
} from '../../../shared/contract/payment-links';
import { digits, hideCpf } from '../../../shared/customers';
import { BOLETO_DUE_DAYS, LINK_MSG, STATE_MESSAGE } from '../../../shared/payment-links';
import { saoPauloDay } from '../../../shared/boleto';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { paymentLinkPayments, paymentLinks } from '../../db/schema/payment-links';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../lib/jobs';
import { commandHash, idempotencyKeyOf, runOnce, settleKeys, type Q, type Tx } from '../../lib/once';
import { PAY_CHALLENGE_HEADER } from '../../../shared/public-payments';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import { PIX_MSG } from '../../../shared/pix';
import { cardFingerprint, checkCardAttempt, countDecline, limitPublicPayment } from '../pix/pay-rate-limit';
import { chargeOutcome, type PixService } from '../pix/pix.service';
import { AcquirerUnavailableError, type Acquirer } from './adapters';
import { publishLinkPayment } from '../live/venue-events';
import { linkById, listLinks } from './payment-links.repository';

export const LINK_ROLE = 'CadastroLink';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody, 428: challengeBody, 429: errorBody, 502: errorBody, 503: errorBody };
/** Job that settles a payment whose provider answer was not recorded (lib/once.ts: "em verificação"). */
export const CHARGE_CHECK_JOB = 'payment-links.charge-check';
/** A boleto this many days past due can no longer be paid: it frees a single-use link. */
const BOLETO_CLEARING_DAYS = 5;

/** A pending payment whose provider call has no recorded answer yet (card: any pending one). */
export function awaitingProvider(p: { status: string; method: string; brCode: string | null; boletoLine: string | null }): boolean {
  if (p.status !== 'pending') return false;
  return p.method === 'card' || (p.method === 'pix' && !p.brCode) || (p.method === 'boleto' && !p.boletoLine);
}
const challengeOf = (req: FastifyRequest) => {
  const v = req.headers[PAY_CHALLENGE_HEADER];
  return typeof v === 'string' ? v.slice(0, 80) : undefined;
};
/** Pix txid of a payment: its UUID's 32 hex digits (API Pix takes 26 to 35 letters and digits). */
export const txidOf = (paymentId: string) => paymentId.replace(/-/g, '');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (v: number) => Math.round(v * 100);
/** How a payment reads on the manager's list and on the pay page alike: method, state, amount in reais, installments. */
const paymentFigures = (p: typeof paymentLinkPayments.$inferSelect) => ({
  method: p.method as 'pix' | 'card' | 'boleto',
  status: p.status as 'pending' | 'paid' | 'declined',
  amount: p.amountCents / 100,
  installments: p.installments,
});

export function paymentLinkRoutes(fastify: FastifyInstance, opts: { db: Db; acquirer: Acquirer | null; pix: PixService; sandboxPayments: boolean; env: Record<string, string | undefined>; jobs?: JobQueue }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, acquirer, pix } = opts;
  // The settling job runs after the call has surely given up (PAYMENT_ACQUIRER_TIMEOUT_MS, 15 s by
  // default); a key the acquirer never received is "nothing charged" only after UNSEEN_AFTER_MS.
  const checkDelayMs = Number(opts.env.PAYMENT_CHECK_DELAY_MS) >= 0 && opts.env.PAYMENT_CHECK_DELAY_MS ? Number(opts.env.PAYMENT_CHECK_DELAY_MS) : 30_000;
  const unseenAfterMs = 60_000;

  // A Pix is paid when the PSP says so (webhook, its re-read job, or a status read); the payment
  // follows, once, and the venue's live stream says so in the same transaction.
  pix.onPaid('payment-link', async (tx, charge) => {
    const done = await tx
      .update(paymentLinkPayments)
      .set({ status: 'paid', paidAt: charge.paidAt ?? new Date() })
      .where(and(eq(paymentLinkPayments.id, charge.refId), eq(paymentLinkPayments.status, 'pending')))
      .returning({ id: paymentLinkPayments.id, linkId: paymentLinkPayments.linkId, venueId: paymentLinkPayments.venueId });
    for (const p of done) await publishLinkPayment(tx, { venueId: p.venueId, linkId: p.linkId, paymentId: p.id, status: 'paid' });
  });
  /**
   * Every other way a payment becomes paid (a boleto the acquirer reports paid, the sandbox's
   * boleto): once, with its live event in the same transaction.
   */
  async function markPaid(paymentId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(paymentLinkPayments)
        .set({ status: 'paid', paidAt: new Date() })
        .where(and(eq(paymentLinkPayments.id, paymentId), eq(paymentLinkPayments.status, 'pending')))
        .returning({ id: paymentLinkPayments.id, linkId: paymentLinkPayments.linkId, venueId: paymentLinkPayments.venueId });
      for (const p of done) await publishLinkPayment(tx, { venueId: p.venueId, linkId: p.linkId, paymentId: p.id, status: 'paid' });
    });
  }
  const methods = (allowSlip: boolean): Array<'pix' | 'card' | 'boleto'> => [...(pix.mode !== 'off' ? (['pix'] as const) : []), ...(acquirer ? (['card'] as const) : []), ...(acquirer && allowSlip ? (['boleto'] as const) : [])];
  const provider = pix.mode !== 'off' ? { name: pix.name, sandbox: pix.mode === 'sandbox' || Boolean(acquirer?.sandbox) } : acquirer ? { name: acquirer.name, sandbox: acquirer.sandbox } : null;
  function needAcquirer(): Acquirer {
    if (!acquirer) throw new HttpError(503, PIX_MSG.notConfigured);
    return acquirer;
  }

  async function managed(req: FastifyRequest, id: string) {
    requireUser(req);
    const found = UUID_RE.test(id) ? await linkById(db, id) : null;
    if (!found || found.link.deletedAt) throw new HttpError(404, LINK_MSG.notFound);
    await requireVenueOf(db, req, found.link.venueId, LINK_ROLE, LINK_MSG.notFound);
    return found;
  }

  async function checkProduct(venueId: string, productId: string | null | undefined) {
    if (!productId) return null;
    const [p] = UUID_RE.test(productId) ? await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.venueId, venueId))) : [];
    if (!p) throw new HttpError(400, LINK_MSG.productNotFound);
    return p.id;
  }

  const values = (b: PaymentLinkSave, productId: string | null) => ({
    productId,
    priceCents: cents(b.price),
    description: (b.description ?? '').trim(),
    maximumInstallments: b.maximumInstallments ?? 0,
    expirationDate: b.expirationDate ? new Date(b.expirationDate) : null,
    allowPaymentSlip: b.allowPaymentSlip ?? false,
    authenticated: b.authenticated ?? false,
    singleUse: b.singleUse ?? false,
    updatedAt: new Date(),
  });

  app.get('/api/mepaylink/GetLinksByLocalId/:localId', { schema: { params: localIdParams, response: { 200: paymentLinkList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, LINK_ROLE);
    return listLinks(db, venueId);
  });

  app.get('/api/mepaylink/GetLinkById/:id', { schema: { params: idParams, response: { 200: paymentLink, ...errors } } }, async (req) => {
    return (await managed(req, req.params.id)).dto;
  });

  // Who paid, when and how: every attempt with its state (a Pix not paid yet reads "aguardando").
  app.get('/api/mepaylink/GetPaymentsByLinkId/:id', { schema: { params: idParams, response: { 200: linkPaymentList, ...errors } } }, async (req, reply) => {
    const l = await managed(req, req.params.id);
    const rows = await db
      .select()
      .from(paymentLinkPayments)
      .where(and(eq(paymentLinkPayments.linkId, l.link.id), eq(paymentLinkPayments.venueId, l.link.venueId)))
      .orderBy(desc(paymentLinkPayments.createdAt));
    reply.header('cache-control', 'no-store');
    return rows.map((p) => ({
      id: p.id,
      ...paymentFigures(p),
      cardLast4: p.cardLast4,
      payerName: p.payerName,
      payerCpf: p.payerCpf ? hideCpf(p.payerCpf) : null,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    }));
  });

  app.post('/api/mepaylink/Add', { schema: { body: paymentLinkSave, response: { 201: linkSaved, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.localId, LINK_ROLE);
    const productId = await checkProduct(venueId, b.productId);
    const [row] = await db.insert(paymentLinks).values({ venueId, ...values(b, productId) }).returning({ id: paymentLinks.id });
    const saved = await linkById(db, row.id);
    return reply.status(201).send({ Message: LINK_MSG.saved, link: saved!.dto });
  });

  app.put('/api/mepaylink/Update', { schema: { body: paymentLinkSave, response: { 200: linkSaved, ...errors } } }, async (req) => {
    const b = req.body;
    if (!b.id) throw new HttpError(404, LINK_MSG.notFound);
    const current = await managed(req, b.id);
    if (current.link.venueId !== b.localId.toLowerCase()) throw new HttpError(404, LINK_MSG.notFound);
    const productId = await checkProduct(current.link.venueId, b.productId);
    await db.update(paymentLinks).set(values(b, productId)).where(eq(paymentLinks.id, current.link.id));
    return { Message: LINK_MSG.edited, link: (await linkById(db, current.link.id))!.dto };
  });

  app.delete('/api/mepaylink/Delete/:id', { schema: { params: idParams, response: { 200: linkMessage, ...errors } } }, async (req) => {
    const l = await managed(req, req.params.id);
    await db.update(paymentLinks).set({ deletedAt: new Date() }).where(eq(paymentLinks.id, l.link.id));
    return { Message: LINK_MSG.deleted };
  });

  // The product lookup (spec 000 §7 Lookups). The catalogue may register it too: first one wins.
  if (!fastify.hasRoute({ method: 'GET', url: '/api/Produto/BuscarProdutosDoLocalParaFiltro' })) {
    app.get('/api/Produto/BuscarProdutosDoLocalParaFiltro', { schema: { querystring: productLookupQuery, response: { 200: productLookup, ...errors } } }, async (req) => {
      const { venueId } = await requireVenue(db, req, req.query.localId);
      const rows = await db.select({ id: products.id, nome: products.name, valor: products.valueCents }).from(products).where(eq(products.venueId, venueId)).orderBy(asc(products.name));
      return rows.map((r) => ({ ...r, valor: r.valor / 100 }));
    });
  }

  // --- public pay page -----------------------------------------------------------------------------
  async function publicFound(id: string) {
    const found = UUID_RE.test(id) ? await linkById(db, id) : null;
    if (!found) throw new HttpError(404, LINK_MSG.notFound);
    return found;
  }
  function payer(found: NonNullable<Awaited<ReturnType<typeof linkById>>>, b: { payerName?: string | null; payerCpf?: string | null }) {
    const name = (b.payerName ?? '').trim();
    const cpf = digits(b.payerCpf);
    if (found.link.authenticated && (!name || cpf.length !== 11)) throw new HttpError(400, LINK_MSG.payerRequired);
    return { payerName: name || null, payerCpf: cpf || null };
  }

  /** The page's answer for a payment; `q` is the transaction that just changed it, when there is one. */
  async function answer(paymentId: string, message: string | null = null, q: Q = db): Promise<PaymentAnswer> {
    const [p] = await q.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId));
    const [found] = await q
      .select({ venueName: venues.name, productName: products.name })
      .from(paymentLinks)
      .innerJoin(venues, eq(venues.id, paymentLinks.venueId))
      .leftJoin(products, eq(products.id, paymentLinks.productId))
      .where(eq(paymentLinks.id, p.linkId));
    return {
      paymentId: p.id,
      linkId: p.linkId,
      ...paymentFigures(p),
      brCode: p.brCode,
      boletoLine: p.boletoLine,
      boletoDueDate: p.boletoDueDate,
      paidAt: p.paidAt?.toISOString() ?? null,
      venueName: found.venueName,
      productName: found.productName ?? null,
      sandbox: p.provider === 'sandbox',
      checking: awaitingProvider(p),
      Message: message ?? (awaitingProvider(p) ? LINK_MSG.checking : null),
    };
  }

  app.get('/api/mepaylink/public/:id', { config: { public: true }, schema: { params: idParams, response: { 200: publicLink, ...errors } } }, async (req) => {
    const { dto, venueName } = await publicFound(req.params.id);
    const open = dto.state === 'open';
    return {
      id: dto.id,
      venueName,
      // A deleted link shows only that it was deleted.
      productName: dto.state === 'deleted' ? null : (dto.product?.nome ?? null),
      price: dto.price,
      description: dto.state === 'deleted' ? '' : dto.description,
      expirationDate: dto.expirationDate,
      maximumInstallments: dto.maximumInstallments,
      allowPaymentSlip: dto.allowPaymentSlip,
      authenticated: dto.authenticated,
      state: dto.state,
      stateMessage: open ? null : STATE_MESSAGE[dto.state as Exclude<typeof dto.state, 'open'>],
      acquirer: provider,
      methods: methods(dto.allowPaymentSlip),
    };
  });

  // --- paying: exactly once (lib/once.ts): reserve under the link's lock → provider → record -----------
  /**
   * In the key's transaction: locks the link, checks it still takes payments (a single-use link
   * refuses a second paid or in-flight payment with its own message), inserts the payment as
   * pending and queues the job that settles it if the provider's answer never gets recorded.
   */
  async function reservePayment(tx: Tx, linkId: string, values: Omit<typeof paymentLinkPayments.$inferInsert, 'linkId' | 'venueId' | 'amountCents' | 'singleUse' | 'status'>) {
    const [l] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).for('update');
    if (!l) throw new HttpError(404, LINK_MSG.notFound);
    if (l.deletedAt) throw new HttpError(410, LINK_MSG.pageDeleted);
    if (l.expirationDate && l.expirationDate.getTime() < Date.now()) throw new HttpError(410, LINK_MSG.pageExpired);
    if (l.singleUse) {
      const taken = await tx
        .select()
        .from(paymentLinkPayments)
        .where(and(eq(paymentLinkPayments.linkId, l.id), inArray(paymentLinkPayments.status, ['pending', 'paid'])));
      if (taken.some((p) => p.status === 'paid')) throw new HttpError(410, LINK_MSG.pageUsed);
      for (const p of taken) {
        // A Pix whose cob expired or a boleto long past due can no longer be paid: it frees the link.
        if (!abandoned(p)) throw new HttpError(409, LINK_MSG.inProgress);
        await tx.update(paymentLinkPayments).set({ status: 'declined' }).where(and(eq(paymentLinkPayments.id, p.id), eq(paymentLinkPayments.status, 'pending')));
      }
    }
    const [row] = await tx
      .insert(paymentLinkPayments)
      .values({ ...values, linkId: l.id, venueId: l.venueId, amountCents: l.priceCents, singleUse: l.singleUse, status: 'pending' })
      .returning();
    await enqueueJob(tx, CHARGE_CHECK_JOB, { paymentId: row.id }, { key: row.id, delayMs: checkDelayMs });
    return { ref: row.id, row, link: l };
  }
  const pixLifeMs = Math.max(60, Number(opts.env.PIX_CHARGE_EXPIRATION_SECONDS) || 3600) * 1000;
  function abandoned(p: typeof paymentLinkPayments.$inferSelect): boolean {
    if (p.status !== 'pending') return false;
    if (p.method === 'pix') return Boolean(p.brCode) && p.createdAt.getTime() + pixLifeMs + 10 * 60_000 < Date.now();
    if (p.method === 'boleto') return Boolean(p.boletoDueDate) && p.boletoDueDate! < saoPauloDay(new Date(), -BOLETO_CLEARING_DAYS);
    return false;
  }

  /** Outcome of a provider call: 'unknown' is a timeout or a lost answer ("em verificação"). */
  type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'unknown' } | { kind: 'failed'; status: number; message: string };
  /** The acquirer's answer; "unknown" when it did not answer in time (em verificação: the settle job asks it). */
  async function askAcquirer<T>(call: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return { kind: 'ok', value: await call() };
    } catch (err) {
      if (err instanceof AcquirerUnavailableError) return { kind: 'unknown' };
      throw err;
    }
  }

  /** The answer for a payment's current state (a twin's wait ran out, or it is still being checked). */
  async function current(paymentId: string, q: Q = db) {
    const [p] = await q.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId));
    if (!p) return { status: 404, body: { Message: LINK_MSG.paymentNotFound } };
    const message = p.method !== 'card' ? null : p.status === 'paid' ? LINK_MSG.paid : p.status === 'declined' ? (p.providerRef ? LINK_MSG.cardDeclined : LINK_MSG.acquirerUnavailable) : null;
    return { status: awaitingProvider(p) ? 202 : 201, body: await answer(p.id, message, q) };
  }

  function send(reply: FastifyReply, r: { status: number; body: unknown; replayed: boolean }) {
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    return reply.status(r.status).send(r.body as PaymentAnswer);
  }
  const keyOf = (req: FastifyRequest) => idempotencyKeyOf(req, LINK_MSG.idempotencyInvalid);

  app.post('/api/mepaylink/public/:id/pix', { config: { public: true }, schema: { params: idParams, body: pixRequest, response: { 201: paymentAnswer, 202: paymentAnswer, ...errors } } }, async (req, reply) => {
    const key = keyOf(req);
    // The link's state is checked under its lock (reservePayment), so a replayed key still answers.
    const found = await publicFound(req.params.id);
    const who = payer(found, req.body);
    if (pix.mode === 'off') throw new HttpError(503, PIX_MSG.notConfigured);
    await limitPublicPayment(db, req.ip);
    const description = found.dto.product?.nome ?? (found.link.description || 'Link de pagamento');
    const r = await runOnce<{ ref: string; row: typeof paymentLinkPayments.$inferSelect }, Outcome<string>>(db, {
      scope: `link:${found.link.id}`,
      key,
      hash: commandHash('POST public/pix', { link: found.link.id, ...who }),
      mismatchMessage: LINK_MSG.idempotencyMismatch,
      async reserve(tx) {
        const id = randomUUID();
        return reservePayment(tx, found.link.id, { id, method: 'pix', provider: pix.mode === 'sandbox' ? 'sandbox' : 'api-pix', providerRef: txidOf(id), txid: txidOf(id), ...who });
      },
      // PUT /cob/{txid}: API Pix's own idempotency (the same txid is the same cob, never a second one).
      call: (res) => createCob(res.row, description),
      async finish(tx, res, o) {
        if (o.kind === 'unknown') return { ...(await current(res.ref, tx)), checking: true };
        if (o.kind === 'failed') {
          // No cob was made: the attempt never existed for the manager (nor blocks a single-use link).
          await tx.delete(paymentLinkPayments).where(eq(paymentLinkPayments.id, res.ref));
          return { status: o.status, body: { Message: o.message } };
        }
        await tx.update(paymentLinkPayments).set({ brCode: o.value }).where(eq(paymentLinkPayments.id, res.ref));
        await publishLinkPayment(tx, { venueId: found.link.venueId, linkId: found.link.id, paymentId: res.ref, status: 'pending' });
        return { status: 201, body: await answer(res.ref, null, tx) };
      },
      current: (ref) => current(ref),
    });
    return send(reply, r);
  });

  async function createCob(row: typeof paymentLinkPayments.$inferSelect, description: string): Promise<Outcome<string>> {
    const o = await chargeOutcome(
      pix,
      { venueId: row.venueId, kind: 'payment-link', refId: row.id, txid: row.txid!, amountCents: row.amountCents, description, payer: { name: row.payerName, document: row.payerCpf } },
      { noKey: PIX_MSG.noKey, refused: LINK_MSG.acquirerUnavailable },
    );
    return o.kind === 'ok' ? { kind: 'ok', value: o.brCode } : o;
  }

  app.post('/api/mepaylink/public/:id/card', { config: { public: true }, schema: { params: idParams, body: cardRequest, response: { 201: paymentAnswer, 202: paymentAnswer, ...errors } } }, async (req, reply) => {
    const key = keyOf(req);
    // The link's state is checked under its lock (reservePayment), so a replayed key still answers.
    const found = await publicFound(req.params.id);
    const b = req.body;
    const who = payer(found, b);
    const acquirer = needAcquirer();
    await limitPublicPayment(db, req.ip);
    const attempt = { ip: req.ip, card: cardFingerprint(opts.env, b.number), target: `link:${found.link.id}`, challenge: challengeOf(req) };
    await checkCardAttempt(db, attempt);
    const installments = Math.min(b.installments ?? 1, Math.max(1, found.link.maximumInstallments));
    const r = await runOnce<{ ref: string; row: typeof paymentLinkPayments.$inferSelect }, Outcome<{ status: 'paid' | 'declined'; providerRef: string }>>(db, {
      scope: `link:${found.link.id}`,
      key,
      // Never the card's number or CVV: its last four digits, the amount and the installments.
      hash: commandHash('POST public/card', { link: found.link.id, last4: b.number.slice(-4), amount: found.link.priceCents, installments, ...who }),
      mismatchMessage: LINK_MSG.idempotencyMismatch,
      // Only the last four digits are kept; the rest of the card never touches the database.
      reserve: (tx) => reservePayment(tx, found.link.id, { method: 'card', installments, provider: acquirer.name, cardLast4: b.number.slice(-4), ...who }),
      call: (res) => askAcquirer(() => acquirer.chargeCard({ amountCents: res.row.amountCents, installments, reference: res.ref, card: { number: b.number, holderName: b.holderName, expiry: b.expiry, cvv: b.cvv } })),
      async finish(tx, res, o) {
        if (o.kind !== 'ok') return { ...(await current(res.ref, tx)), checking: true };
        await recordCard(tx, res.ref, o.value);
        return current(res.ref, tx);
      },
      current: (ref) => current(ref),
    });
    if (!r.replayed && (r.body as PaymentAnswer | null)?.status === 'declined') await countDecline(db, attempt);
    return send(reply, r);
  });

  /** A card's outcome, once: the first to record it (the request or the settling job) wins. */
  async function recordCard(tx: Tx, paymentId: string, v: { status: 'paid' | 'declined'; providerRef: string }) {
    const done = await tx
      .update(paymentLinkPayments)
      .set({ status: v.status, providerRef: v.providerRef, paidAt: v.status === 'paid' ? new Date() : null })
      .where(and(eq(paymentLinkPayments.id, paymentId), eq(paymentLinkPayments.status, 'pending')))
      .returning();
    for (const p of done) await publishLinkPayment(tx, { venueId: p.venueId, linkId: p.linkId, paymentId: p.id, status: v.status });
  }

  app.post('/api/mepaylink/public/:id/boleto', { config: { public: true }, schema: { params: idParams, body: boletoRequest, response: { 201: paymentAnswer, 202: paymentAnswer, ...errors } } }, async (req, reply) => {
    const key = keyOf(req);
    // The link's state is checked under its lock (reservePayment), so a replayed key still answers.
    const found = await publicFound(req.params.id);
    if (!found.link.allowPaymentSlip) throw new HttpError(400, LINK_MSG.boletoNotAllowed);
    const acquirer = needAcquirer();
    await limitPublicPayment(db, req.ip);
    const payerName = req.body.payerName.trim();
    const payerCpf = digits(req.body.payerCpf);
    // Due in BOLETO_DUE_DAYS, or on the link's last day when it expires first (never before today).
    const now = new Date();
    let dueDate = saoPauloDay(now, BOLETO_DUE_DAYS);
    if (found.link.expirationDate) {
      const last = saoPauloDay(found.link.expirationDate);
      if (last < dueDate) dueDate = last < saoPauloDay(now) ? saoPauloDay(now) : last;
    }
    const description = found.dto.product?.nome ?? found.link.description ?? 'Link de pagamento';
    const r = await runOnce<{ ref: string; row: typeof paymentLinkPayments.$inferSelect }, Outcome<{ line: string; providerRef: string }>>(db, {
      scope: `link:${found.link.id}`,
      key,
      hash: commandHash('POST public/boleto', { link: found.link.id, payerName, payerCpf }),
      mismatchMessage: LINK_MSG.idempotencyMismatch,
      reserve: (tx) => reservePayment(tx, found.link.id, { method: 'boleto', provider: acquirer.name, boletoDueDate: dueDate, payerName, payerCpf }),
      call: (res) => askAcquirer(() => acquirer.createBoleto({ amountCents: res.row.amountCents, dueDate, reference: res.ref, description, payer: { name: payerName, cpf: payerCpf } })),
      async finish(tx, res, o) {
        if (o.kind !== 'ok') return { ...(await current(res.ref, tx)), checking: true };
        await recordBoleto(tx, res.ref, o.value);
        return current(res.ref, tx);
      },
      current: (ref) => current(ref),
    });
    return send(reply, r);
  });

  async function recordBoleto(tx: Tx, paymentId: string, v: { line: string; providerRef: string }) {
    const done = await tx
      .update(paymentLinkPayments)
      .set({ boletoLine: v.line, providerRef: v.providerRef })
      .where(and(eq(paymentLinkPayments.id, paymentId), eq(paymentLinkPayments.status, 'pending'), isNull(paymentLinkPayments.boletoLine)))
      .returning();
    for (const p of done) await publishLinkPayment(tx, { venueId: p.venueId, linkId: p.linkId, paymentId: p.id, status: 'pending' });
  }

  /**
   * Settles a payment whose provider answer was never recorded (a timeout, a crash between the
   * steps): asks the provider for that key's outcome, never sends the charge again (a Pix cob is
   * PUT again with its own txid, which API Pix treats as the same cob). Then every Idempotency-Key
   * waiting on it answers the settled state.
   */
  async function settle(paymentId: string): Promise<void> {
    const [p] = await db.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId));
    if (!p || !awaitingProvider(p)) return;
    if (p.method === 'pix') {
      const l = await linkById(db, p.linkId);
      const o = await createCob(p, l?.dto.product?.nome ?? (l?.link.description || 'Link de pagamento'));
      if (o.kind === 'unknown') throw new Error('PSP unreachable');
      await db.transaction(async (tx) => {
        if (o.kind === 'failed') {
          await tx.delete(paymentLinkPayments).where(and(eq(paymentLinkPayments.id, p.id), eq(paymentLinkPayments.status, 'pending')));
          await settleKeys(tx, p.id, { status: o.status, body: { Message: o.message } });
          return;
        }
        const done = await tx.update(paymentLinkPayments).set({ brCode: o.value }).where(and(eq(paymentLinkPayments.id, p.id), isNull(paymentLinkPayments.brCode))).returning();
        if (done.length) await publishLinkPayment(tx, { venueId: p.venueId, linkId: p.linkId, paymentId: p.id, status: 'pending' });
        await settleKeys(tx, p.id, await current(p.id, tx));
      });
      return;
    }
    if (!acquirer) throw new PermanentJobError('no acquirer');
    const seen = await acquirer.lookup(p.id);
    // Never received: after the call has surely given up, nothing was charged (the payer may try again).
    if (!seen && Date.now() - p.createdAt.getTime() < unseenAfterMs) throw new Error('not seen yet');
    await db.transaction(async (tx) => {
      if (!seen) await tx.update(paymentLinkPayments).set({ status: 'declined' }).where(and(eq(paymentLinkPayments.id, p.id), eq(paymentLinkPayments.status, 'pending')));
      else if (seen.kind === 'card') await recordCard(tx, p.id, seen);
      else await recordBoleto(tx, p.id, seen);
      await settleKeys(tx, p.id, await current(p.id, tx));
    });
  }
  opts.jobs?.defineJob<{ paymentId: string }>(CHARGE_CHECK_JOB, async ({ paymentId }) => settle(String(paymentId)), { maxAttempts: 40, backoffMs: 5_000, maxBackoffMs: 5 * 60_000 });

  async function paymentRow(paymentId: string) {
    const [p] = UUID_RE.test(paymentId) ? await db.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId)) : [];
    if (!p) throw new HttpError(404, LINK_MSG.paymentNotFound);
    return p;
  }

  // The payment id is a random UUID only the payer's page knows; it reveals no more than the page.
  app.get('/api/mepaylink/public/payment/:paymentId', { config: { public: true }, schema: { params: paymentIdParams, response: { 200: paymentAnswer, ...errors } } }, async (req) => {
    const p = await paymentRow(req.params.paymentId);
    if (p.status === 'pending') {
      try {
        if (p.method === 'pix' && p.txid) await pix.refresh(p.txid);
        else if (p.method === 'boleto' && acquirer && !acquirer.sandbox && p.provider === acquirer.name && p.providerRef && (await acquirer.boletoStatus(p.providerRef)) === 'paid') {
          await markPaid(p.id);
        }
      } catch {
        /* the provider is unreachable: the payment stays pending and the page asks again */
      }
    }
    return answer(p.id);
  });

  // The sandbox's "Simular pagamento": the loopback PSP plays the payer's bank (Pix: the charge is
  // paid at the PSP, whose webhook is then checked like any other). Absent unless a sandbox is active.
  const pixSandbox = opts.sandboxPayments && pix.mode === 'sandbox' && pix.loopback;
  const boletoSandbox = opts.sandboxPayments && Boolean(acquirer?.sandbox);
  if (!pixSandbox && !boletoSandbox) return;
  app.post('/api/mepaylink/public/payment/:paymentId/sandbox-pay', { config: { public: true }, schema: { params: paymentIdParams, response: { 200: paymentAnswer, ...errors } } }, async (req) => {
    const p = await paymentRow(req.params.paymentId);
    const viaPix = p.method === 'pix' && pixSandbox && p.provider === 'sandbox' && p.txid;
    const viaBoleto = p.method === 'boleto' && boletoSandbox && p.provider === 'sandbox';
    if (!viaPix && !viaBoleto) throw new HttpError(404, LINK_MSG.paymentNotFound);
    if (p.status === 'pending') {
      const found = await linkById(db, p.linkId);
      if (found && found.dto.state !== 'open') throw new HttpError(410, STATE_MESSAGE[found.dto.state as Exclude<typeof found.dto.state, 'open'>]);
      if (viaPix) {
        if (!pix.loopback!.cob(p.txid!)) throw new HttpError(410, PIX_MSG.sandboxChargeGone);
        if (pix.loopback!.cob(p.txid!)!.status === 'ATIVA') await pix.loopback!.pay(p.txid!);
        await pix.refresh(p.txid!);
      } else {
        await markPaid(p.id);
      }
    }
    return answer(p.id, LINK_MSG.paid);
  });
}
