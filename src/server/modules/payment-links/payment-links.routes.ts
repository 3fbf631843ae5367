/**
 * Payment links (spec 000 §7 Payment links, api/mepaylink family) for role CadastroLink, and the
 * public pay page's calls (no sign-in): read a link, pay it by Pix (API Pix, modules/pix) or by card
 * or boleto (the acquirer), follow the payment. Deleted links are kept (soft delete) so their page
 * can say so. Pix and card attempts are limited per address and per link; the sandbox's simulate
 * call exists only while a sandbox is active and sandbox payments are allowed (pix.service.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  boletoRequest,
  cardRequest,
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
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue } from '../../plugins/auth';
import { PIX_MSG } from '../../../shared/pix';
import { PixApiError, PixUnavailableError } from '../pix/api-pix-client';
import { limitPublicPayment } from '../pix/pay-rate-limit';
import { PixNotConfiguredError, type PixService } from '../pix/pix.service';
import { AcquirerUnavailableError, type Acquirer } from './acquirer';
import { publishLinkPayment } from '../live/venue-events';
import { linkById, listLinks } from './payment-links.repository';

export const LINK_ROLE = 'CadastroLink';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 429: errorBody, 502: errorBody, 503: errorBody };
/** Pix txid of a payment: its UUID's 32 hex digits (API Pix takes 26 to 35 letters and digits). */
export const txidOf = (paymentId: string) => paymentId.replace(/-/g, '');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (v: number) => Math.round(v * 100);

export function paymentLinkRoutes(fastify: FastifyInstance, opts: { db: Db; acquirer: Acquirer | null; pix: PixService; sandboxPayments: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, acquirer, pix } = opts;

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
    await requireVenue(db, req, found.link.venueId, LINK_ROLE);
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
      method: p.method as 'pix' | 'card' | 'boleto',
      status: p.status as 'pending' | 'paid' | 'declined',
      amount: p.amountCents / 100,
      installments: p.installments,
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
  async function payable(id: string) {
    const found = await publicFound(id);
    if (found.dto.state !== 'open') throw new HttpError(410, STATE_MESSAGE[found.dto.state]);
    return found;
  }
  function payer(found: NonNullable<Awaited<ReturnType<typeof linkById>>>, b: { payerName?: string | null; payerCpf?: string | null }) {
    const name = (b.payerName ?? '').trim();
    const cpf = digits(b.payerCpf);
    if (found.link.authenticated && (!name || cpf.length !== 11)) throw new HttpError(400, LINK_MSG.payerRequired);
    return { payerName: name || null, payerCpf: cpf || null };
  }

  async function answer(paymentId: string, message: string | null = null): Promise<PaymentAnswer> {
    const [p] = await db.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId));
    const found = (await linkById(db, p.linkId))!;
    return {
      paymentId: p.id,
      linkId: p.linkId,
      method: p.method as 'pix' | 'card' | 'boleto',
      status: p.status as 'pending' | 'paid' | 'declined',
      amount: p.amountCents / 100,
      installments: p.installments,
      brCode: p.brCode,
      boletoLine: p.boletoLine,
      boletoDueDate: p.boletoDueDate,
      paidAt: p.paidAt?.toISOString() ?? null,
      venueName: found.venueName,
      productName: found.dto.product?.nome ?? null,
      sandbox: p.provider === 'sandbox',
      Message: message,
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

  app.post('/api/mepaylink/public/:id/pix', { config: { public: true }, schema: { params: idParams, body: pixRequest, response: { 201: paymentAnswer, ...errors } } }, async (req, reply) => {
    const found = await payable(req.params.id);
    const who = payer(found, req.body);
    if (pix.mode === 'off') throw new HttpError(503, PIX_MSG.notConfigured);
    await limitPublicPayment(db, req.ip, `link:${found.link.id}`);
    const paymentId = randomUUID();
    const txid = txidOf(paymentId);
    const amountCents = found.link.priceCents;
    await db.insert(paymentLinkPayments).values({
      id: paymentId, linkId: found.link.id, venueId: found.link.venueId, method: 'pix', status: 'pending', amountCents,
      provider: pix.mode === 'sandbox' ? 'sandbox' : 'api-pix', providerRef: txid, txid, ...who,
    });
    let charge: { brCode: string };
    try {
      charge = await pix.createCharge({
        venueId: found.link.venueId, kind: 'payment-link', refId: paymentId, txid, amountCents,
        description: found.dto.product?.nome ?? (found.link.description || 'Link de pagamento'),
      });
    } catch (err) {
      await db.delete(paymentLinkPayments).where(eq(paymentLinkPayments.id, paymentId));
      if (err instanceof PixNotConfiguredError) throw new HttpError(503, PIX_MSG.noKey);
      if (err instanceof PixUnavailableError || err instanceof PixApiError) throw new HttpError(502, LINK_MSG.acquirerUnavailable);
      throw err;
    }
    await db.transaction(async (tx) => {
      await tx.update(paymentLinkPayments).set({ brCode: charge.brCode }).where(eq(paymentLinkPayments.id, paymentId));
      // Only now is the attempt real (a failed charge was deleted above): the manager's list shows it waiting.
      await publishLinkPayment(tx, { venueId: found.link.venueId, linkId: found.link.id, paymentId, status: 'pending' });
    });
    return reply.status(201).send(await answer(paymentId));
  });

  app.post('/api/mepaylink/public/:id/card', { config: { public: true }, schema: { params: idParams, body: cardRequest, response: { 201: paymentAnswer, ...errors } } }, async (req, reply) => {
    const found = await payable(req.params.id);
    const b = req.body;
    const who = payer(found, b);
    const acquirer = needAcquirer();
    await limitPublicPayment(db, req.ip, `link:${found.link.id}`);
    const installments = Math.min(b.installments ?? 1, Math.max(1, found.link.maximumInstallments));
    const paymentId = randomUUID();
    let r: { status: 'paid' | 'declined'; providerRef: string };
    try {
      r = await acquirer.chargeCard({ amountCents: found.link.priceCents, installments, reference: paymentId, card: { number: b.number, holderName: b.holderName, expiry: b.expiry, cvv: b.cvv } });
    } catch (err) {
      if (err instanceof AcquirerUnavailableError) throw new HttpError(502, LINK_MSG.acquirerUnavailable);
      throw err;
    }
    // Only the last four digits are kept; the rest of the card never touches the database.
    await db.transaction(async (tx) => {
      await tx.insert(paymentLinkPayments).values({
        id: paymentId, linkId: found.link.id, venueId: found.link.venueId, method: 'card', status: r.status, amountCents: found.link.priceCents,
        installments, provider: acquirer.name, providerRef: r.providerRef, cardLast4: b.number.slice(-4), paidAt: r.status === 'paid' ? new Date() : null, ...who,
      });
      await publishLinkPayment(tx, { venueId: found.link.venueId, linkId: found.link.id, paymentId, status: r.status });
    });
    return reply.status(201).send(await answer(paymentId, r.status === 'paid' ? LINK_MSG.paid : LINK_MSG.cardDeclined));
  });

  app.post('/api/mepaylink/public/:id/boleto', { config: { public: true }, schema: { params: idParams, body: boletoRequest, response: { 201: paymentAnswer, ...errors } } }, async (req, reply) => {
    const found = await payable(req.params.id);
    if (!found.link.allowPaymentSlip) throw new HttpError(400, LINK_MSG.boletoNotAllowed);
    const acquirer = needAcquirer();
    await limitPublicPayment(db, req.ip, `link:${found.link.id}`);
    const payerName = req.body.payerName.trim();
    const payerCpf = digits(req.body.payerCpf);
    const paymentId = randomUUID();
    const amountCents = found.link.priceCents;
    // Due in BOLETO_DUE_DAYS, or on the link's last day when it expires first (never before today).
    const now = new Date();
    let dueDate = saoPauloDay(now, BOLETO_DUE_DAYS);
    if (found.link.expirationDate) {
      const last = saoPauloDay(found.link.expirationDate);
      if (last < dueDate) dueDate = last < saoPauloDay(now) ? saoPauloDay(now) : last;
    }
    let boleto: { line: string; providerRef: string };
    try {
      boleto = await acquirer.createBoleto({
        amountCents,
        dueDate,
        reference: paymentId,
        description: found.dto.product?.nome ?? found.link.description ?? 'Link de pagamento',
        payer: { name: payerName, cpf: payerCpf },
      });
    } catch (err) {
      if (err instanceof AcquirerUnavailableError) throw new HttpError(502, LINK_MSG.acquirerUnavailable);
      throw err;
    }
    await db.transaction(async (tx) => {
      await tx.insert(paymentLinkPayments).values({
        id: paymentId, linkId: found.link.id, venueId: found.link.venueId, method: 'boleto', status: 'pending', amountCents,
        provider: acquirer.name, providerRef: boleto.providerRef, boletoLine: boleto.line, boletoDueDate: dueDate, payerName, payerCpf,
      });
      await publishLinkPayment(tx, { venueId: found.link.venueId, linkId: found.link.id, paymentId, status: 'pending' });
    });
    return reply.status(201).send(await answer(paymentId));
  });

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
