/**
 * The donor's page (no sign-in): the event by its link, payment through the acquirer (Pix BR Code
 * with its QR, or card), the payment's status, banners, and the sandbox's "simular pagamento".
 */
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { publicDonationEvent, publicPayment, publicPaymentRequest, type PublicPayment } from '../../../shared/contract/donations';
import { DONATION_MSG as M, SANDBOX_FEES, SANDBOX_SETTLEMENT_DAYS, type DonationMethod } from '../../../shared/donations';
import { onlyDigits } from '../../../shared/format';
import type { Db } from '../../db/client';
import { donationBankAccounts, donationEvents, donationInstitutes, donationLinks, donations } from '../../db/schema/donations';
import { venueAddresses } from '../../db/schema/venues';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { MSG } from '../../../shared/messages';
import type { Acquirer } from './acquirer';
import { isUuid } from './donations.repository';

const errors = { 400: errorBody, 402: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
/** Payment attempts per address in 10 minutes (the page is public: card testing must stay slow). */
export const PAYMENTS_PER_ADDRESS = 30;
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

export async function publicRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; acquirer: Acquirer }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, acquirer } = opts;
  const pub = { public: true };

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
      acquirer: acquirer.name,
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
      const wait = await hitRateLimit(db, `donation-pay:${req.ip}`, PAYMENTS_PER_ADDRESS, 600);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      const ev = await eventByLink(req.params.link);
      if (!ev.isActive) throw new HttpError(409, M.eventInactive);
      const b = req.body;
      const doc = onlyDigits(b.donor.document);
      if (doc && !(doc.length === 11 ? isValidCpf(doc) : doc.length === 14 && isValidCnpj(doc))) {
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
          .select({ name: donationInstitutes.name, pixKey: donationBankAccounts.pixKey })
          .from(donationInstitutes)
          .innerJoin(donationBankAccounts, eq(donationBankAccounts.id, donationInstitutes.bankAccountId))
          .where(eq(donationInstitutes.id, instituteId));
        const [addr] = await db.select({ city: venueAddresses.city }).from(venueAddresses).where(eq(venueAddresses.venueId, ev.venueId));
        const [row] = await db.insert(donations).values({ ...base, status: 'pending' }).returning();
        const pix = await acquirer.createPix({
          amountCents,
          txid: row.id.replace(/-/g, '').slice(0, 25),
          merchantName: inst.name,
          merchantCity: addr?.city || 'Sao Paulo',
          pixKey: inst.pixKey || 'doacoes@balcao.dev',
          description: ev.name,
        });
        const [saved] = await db.update(donations).set({ brCode: pix.brCode, acquirerId: pix.acquirerId }).where(eq(donations.id, row.id)).returning();
        const qrDataUrl = await QRCode.toDataURL(pix.brCode, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
        return reply.status(201).send(toPayment(saved, 'Pague com o Pix abaixo.', qrDataUrl));
      }

      const card = b.card!;
      const charge = await acquirer.chargeCard({ amountCents, number: card.number, holder: card.holder, expiry: card.expiry, cvv: card.cvv, description: ev.name });
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
    const row = await paymentById(req.params.id);
    // The page already shows the QR: the status poll does not send it again.
    return toPayment(row, row.status === 'paid' ? 'Pagamento confirmado.' : 'Aguardando pagamento.', null);
  });

  app.post('/api/public/donation/payments/:id/sandbox-confirm', { config: pub, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: publicPayment, ...errors } } }, async (req) => {
    if (!acquirer.canSimulate) throw new HttpError(404, 'Recurso não encontrado.');
    const row = await paymentById(req.params.id);
    if (row.method !== 'pix') throw new HttpError(409, M.paymentNotFound);
    if (row.status === 'paid') return toPayment(row, 'Pagamento confirmado.', null);
    const [saved] = await db
      .update(donations)
      .set(paidValues('pix', row.amountCents))
      .where(and(eq(donations.id, row.id), eq(donations.status, 'pending')))
      .returning();
    return toPayment(saved ?? row, 'Pagamento confirmado.', null);
  });
}
