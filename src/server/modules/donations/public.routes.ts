/**
 * The donor's page (no sign-in): the event by its link, payment by Pix (API Pix, modules/pix: the
 * cob's "copia e cola" with its QR) or card (the acquirer), the payment's status (re-read from the
 * PSP), banners, and the sandbox's "simular pagamento" (only while the Pix sandbox is active).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { publicDonationEvent, publicPayment, publicPaymentRequest, type PublicPayment } from '../../../shared/contract/donations';
import { DONATION_MSG as M, SANDBOX_FEES, SANDBOX_SETTLEMENT_DAYS, type DonationMethod } from '../../../shared/donations';
import { isValidCpfOrCnpj, normalizeDocument } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { donationBankAccounts, donationEvents, donationInstitutes, donationLinks, donations } from '../../db/schema/donations';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { PIX_MSG } from '../../../shared/pix';
import { PixApiError, PixUnavailableError } from '../pix/api-pix-client';
import { limitPublicPayment } from '../pix/pay-rate-limit';
import { PixNotConfiguredError, type PixService } from '../pix/pix.service';
import type { Acquirer } from './acquirer';
import { isUuid } from './donations.repository';

const errors = { 400: errorBody, 402: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 429: errorBody, 502: errorBody, 503: errorBody };
const txidOf = (donationId: string) => donationId.replace(/-/g, '');
const CONTENT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Marks a donation paid: fee and settlement date follow the method (sandbox terms). */
export function paidValues(method: DonationMethod, amountCents: number, at = new Date()) {
  return {
    status: 'paid',
    paidAt: at,
    feeCents: Math.round(amountCents * SANDBOX_FEES[method]),
    paymentDate: new Date(at.getTime() + SANDBOX_SETTLEMENT_DAYS[method] * 86_400_000),
  };
}

export async function publicRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; acquirer: Acquirer | null; pix: PixService; sandboxPayments: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, acquirer, pix } = opts;
  const pub = { public: true };

  // A Pix donation is paid when the PSP says so (webhook or status read), once.
  pix.onPaid('donation', async (tx, charge) => {
    await tx
      .update(donations)
      .set(paidValues('pix', charge.amountCents, charge.paidAt ?? new Date()))
      .where(and(eq(donations.id, charge.refId), eq(donations.status, 'pending')));
  });

  async function eventByLink(link: string) {
    const [ev] = await db.select().from(donationEvents).where(eq(donationEvents.link, link.toLowerCase()));
    if (!ev) throw new HttpError(404, M.eventNotFound);
    return ev;
  }

  app.get('/api/public/donation/banner/:venueId/:file', { config: pub, schema: { params: z.object({ venueId: z.string().max(64), file: z.string().max(80) }) } }, async (req, reply) => {
    const { venueId, file } = req.params;
    const m = /^[0-9a-f-]{36}\.(png|jpg|webp)$/.exec(file);
    if (!isUuid(venueId) || !m) throw new HttpError(404, 'Recurso não encontrado.');
    const stream = await files.get(`donations/${venueId}/${file}`);
    if (!stream) throw new HttpError(404, 'Recurso não encontrado.');
    reply.header('content-type', CONTENT[m[1]]);
    // A banner's name is new on every upload, so its bytes never change.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(stream);
  });

  app.get('/api/public/donation/:link', { config: pub, schema: { params: z.object({ link: z.string().max(80) }), response: { 200: publicDonationEvent, ...errors } } }, async (req) => {
    const ev = await eventByLink(req.params.link);
    const institutes = await db
      .select({ id: donationInstitutes.id, nome: donationInstitutes.name })
      .from(donationInstitutes)
      .where(eq(donationInstitutes.eventId, ev.id))
      .orderBy(asc(donationInstitutes.name));
    const links = await db
      .select({ l: donationLinks, instituteName: donationInstitutes.name })
      .from(donationLinks)
      .innerJoin(donationInstitutes, eq(donationInstitutes.id, donationLinks.instituteId))
      .where(and(eq(donationLinks.eventId, ev.id), eq(donationLinks.showLink, true)))
      .orderBy(asc(donationLinks.amountCents), asc(donationInstitutes.name));
    return {
      nome: ev.name,
      link: ev.link,
      linkOfLive: ev.linkOfLive,
      date: ev.date.toISOString(),
      banner_web: ev.bannerWeb,
      banner_mobile: ev.bannerMobile,
      isActive: ev.isActive,
      frequentlyQuestion: ev.faq,
      showValueAbove: ev.showValueAbove,
      colorTheme: ev.colorTheme,
      detailHtml: ev.detailHtml,
      aboutProjectHtml: ev.aboutProjectHtml,
      customThanks: ev.customThanks,
      whichInstitution: ev.whichInstitution,
      labelButtonDonate: ev.labelButtonDonate,
      contactPhrase: ev.contactPhrase,
      contactPhone: ev.contactPhone,
      options: links.map(({ l, instituteName }) => ({ gateWayLinkId: l.gatewayLinkId, description: l.description, amount: l.amountCents / 100, instituteId: l.instituteId, instituteName })),
      institutes,
      acquirer: pix.mode === 'sandbox' || acquirer?.sandbox ? 'sandbox' : [pix.mode === 'psp' ? pix.name : '', acquirer?.name ?? ''].filter(Boolean).join(' · '),
      sandbox: pix.mode === 'sandbox' || Boolean(acquirer?.sandbox),
      methods: [...(pix.mode !== 'off' ? (['pix'] as const) : []), ...(acquirer ? (['card'] as const) : [])],
    };
  });

  function toPayment(row: typeof donations.$inferSelect, message: string, qrDataUrl: string | null): PublicPayment {
    return {
      paymentId: row.id,
      status: row.status as PublicPayment['status'],
      amount: row.amountCents / 100,
      method: row.method as DonationMethod,
      pix: row.brCode && qrDataUrl ? { brCode: row.brCode, qrDataUrl } : null,
      message,
    };
  }

  app.post(
    '/api/public/donation/:link/payments',
    { config: pub, schema: { params: z.object({ link: z.string().max(80) }), body: publicPaymentRequest, response: { 201: publicPayment, ...errors } } },
    async (req, reply) => {
      const ev = await eventByLink(req.params.link);
      if (!ev.isActive) throw new HttpError(409, M.eventInactive);
      const b = req.body;
      if ((b.method === 'pix' && pix.mode === 'off') || (b.method === 'card' && !acquirer)) throw new HttpError(503, PIX_MSG.notConfigured);
      await limitPublicPayment(db, req.ip, `donation:${ev.id}`);
      const doc = normalizeDocument(b.donor.document);
      if (doc && !isValidCpfOrCnpj(b.donor.document)) {
        throw new HttpError(400, M.donorDocumentInvalid, { errors: [{ path: 'donor.document', message: M.donorDocumentInvalid }] });
      }
      if (b.method === 'card' && !b.card) throw new HttpError(400, M.cardNumberInvalid, { errors: [{ path: 'card.number', message: M.cardNumberInvalid }] });

      let amountCents: number;
      let instituteId: string;
      let linkId: string | null = null;
      let productId: string | null = null;
      let description = 'Doação avulsa';
      if (b.gateWayLinkId) {
        const [l] = await db.select().from(donationLinks).where(and(eq(donationLinks.gatewayLinkId, b.gateWayLinkId), eq(donationLinks.eventId, ev.id), eq(donationLinks.showLink, true)));
        if (!l) throw new HttpError(400, M.linkNotFound);
        ({ amountCents, instituteId } = { amountCents: l.amountCents, instituteId: l.instituteId });
        linkId = l.id;
        productId = l.productId;
        description = l.description;
      } else {
        if (!b.amount) throw new HttpError(400, M.amountInvalid, { errors: [{ path: 'amount', message: M.amountInvalid }] });
        amountCents = Math.round(b.amount * 100);
        const list = await db.select({ id: donationInstitutes.id }).from(donationInstitutes).where(eq(donationInstitutes.eventId, ev.id));
        const chosen = b.instituteId ? list.find((i) => i.id === b.instituteId) : list.length === 1 ? list[0] : undefined;
        if (!chosen) throw new HttpError(400, M.chooseInstitute, { errors: [{ path: 'instituteId', message: M.chooseInstitute }] });
        instituteId = chosen.id;
      }

      const base = {
        venueId: ev.venueId,
        eventId: ev.id,
        instituteId,
        linkId,
        productId,
        description,
        amountCents,
        method: b.method,
        donorName: b.donor.name,
        donorDocument: doc,
        donorEmail: b.donor.email,
        donorPhone: b.donor.phone.trim(),
      };

      if (b.method === 'pix') {
        const [inst] = await db
          .select({ pixKey: donationBankAccounts.pixKey })
          .from(donationInstitutes)
          .innerJoin(donationBankAccounts, eq(donationBankAccounts.id, donationInstitutes.bankAccountId))
          .where(eq(donationInstitutes.id, instituteId));
        const [row] = await db.insert(donations).values({ ...base, status: 'pending' }).returning();
        const txid = txidOf(row.id);
        let brCode: string;
        try {
          // The institution's own key when its account has one; otherwise the place's key.
          ({ brCode } = await pix.createCharge({ venueId: ev.venueId, kind: 'donation', refId: row.id, txid, amountCents, description: `${ev.name} - ${description}`, key: inst?.pixKey || null }));
        } catch (err) {
          await db.delete(donations).where(eq(donations.id, row.id));
          if (err instanceof PixNotConfiguredError) throw new HttpError(503, PIX_MSG.noKey);
          if (err instanceof PixUnavailableError || err instanceof PixApiError) throw new HttpError(502, PIX_MSG.pspUnavailable);
          throw err;
        }
        const [saved] = await db.update(donations).set({ brCode, acquirerId: txid }).where(eq(donations.id, row.id)).returning();
        const qrDataUrl = await QRCode.toDataURL(brCode, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
        return reply.status(201).send(toPayment(saved, 'Pague com o Pix abaixo.', qrDataUrl));
      }

      const card = b.card!;
      const charge = await acquirer!.chargeCard({ amountCents, number: card.number, holder: card.holder, expiry: card.expiry, cvv: card.cvv, description: ev.name });
      const [row] = await db
        .insert(donations)
        .values({ ...base, acquirerId: charge.acquirerId, ...(charge.approved ? paidValues('card', amountCents) : { status: 'failed' }) })
        .returning();
      if (!charge.approved) throw new HttpError(402, M.cardDeclined);
      return reply.status(201).send(toPayment(row, ev.customThanks || 'Obrigado pela sua doação!', null));
    },
  );

  async function paymentById(id: string) {
    const [row] = isUuid(id) ? await db.select().from(donations).where(eq(donations.id, id)) : [];
    if (!row) throw new HttpError(404, M.paymentNotFound);
    return row;
  }

  app.get('/api/public/donation/payments/:id', { config: pub, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: publicPayment, ...errors } } }, async (req) => {
    let row = await paymentById(req.params.id);
    if (row.status === 'pending' && row.method === 'pix' && row.acquirerId) {
      try {
        if (await pix.refresh(row.acquirerId)) row = await paymentById(row.id);
      } catch {
        /* the PSP is unreachable: still pending, the page asks again */
      }
    }
    // The page already shows the QR: the status poll does not send it again.
    return toPayment(row, row.status === 'paid' ? 'Pagamento confirmado.' : 'Aguardando pagamento.', null);
  });

  // The sandbox's "Simular pagamento": the loopback PSP plays the donor's bank; its webhook is then
  // checked like any other. Absent unless the Pix sandbox is active and sandbox payments are allowed.
  if (!opts.sandboxPayments || pix.mode !== 'sandbox' || !pix.loopback) return;
  const psp = pix.loopback;
  app.post('/api/public/donation/payments/:id/sandbox-confirm', { config: pub, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: publicPayment, ...errors } } }, async (req) => {
    const row = await paymentById(req.params.id);
    if (row.method !== 'pix' || !row.acquirerId) throw new HttpError(409, M.paymentNotFound);
    if (row.status === 'pending') {
      const cob = psp.cob(row.acquirerId);
      if (!cob) throw new HttpError(410, PIX_MSG.sandboxChargeGone);
      if (cob.status === 'ATIVA') await psp.pay(row.acquirerId);
      await pix.refresh(row.acquirerId);
    }
    const now = await paymentById(row.id);
    return toPayment(now, now.status === 'paid' ? 'Pagamento confirmado.' : 'Aguardando pagamento.', null);
  });
}
