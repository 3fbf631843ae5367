/**
 * The donor's page (no sign-in): the event by its link, payment by Pix (API Pix, modules/pix: the
 * cob's "copia e cola" with its QR) or card (the acquirer), the payment's status (re-read from the
 * PSP), banners, and the sandbox's "simular pagamento" (only while the Pix sandbox is active).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { PixApiError, PixUnavailableError } from '../pix/adapters/api-pix';
import { cardFingerprint, checkCardAttempt, countDecline, limitPublicPayment } from '../pix/pay-rate-limit';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../lib/jobs';
import { commandHash, idempotencyKeyOf, runOnce, settleKeys, type Q, type Tx } from '../../lib/once';
import { challengeBody } from '../../../shared/contract/payment-links';
import { PAY_CHALLENGE_HEADER } from '../../../shared/public-payments';
import { digits } from '../../../shared/customers';
import { PixNotConfiguredError, type PixService } from '../pix/pix.service';
import { DonationAcquirerUnavailableError, type Acquirer, type CardOutcome } from './adapters';
import { isUuid } from './donations.repository';

const errors = { 400: errorBody, 402: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody, 428: challengeBody, 429: errorBody, 502: errorBody, 503: errorBody };
/** Job that settles a donation whose provider answer was not recorded (lib/once.ts: "em verificação"). */
export const DONATION_CHECK_JOB = 'donations.charge-check';
const challengeOf = (req: FastifyRequest) => {
  const v = req.headers[PAY_CHALLENGE_HEADER];
  return typeof v === 'string' ? v.slice(0, 80) : undefined;
};
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

export async function publicRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; acquirer: Acquirer | null; pix: PixService; sandboxPayments: boolean; env: Record<string, string | undefined>; jobs?: JobQueue }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, acquirer, pix } = opts;
  const checkDelayMs = Number(opts.env.PAYMENT_CHECK_DELAY_MS) >= 0 && opts.env.PAYMENT_CHECK_DELAY_MS ? Number(opts.env.PAYMENT_CHECK_DELAY_MS) : 30_000;
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
    { config: pub, schema: { params: z.object({ link: z.string().max(80) }), body: publicPaymentRequest, response: { 201: publicPayment, 202: publicPayment, ...errors } } },
    async (req, reply) => {
      const ev = await eventByLink(req.params.link);
      if (!ev.isActive) throw new HttpError(409, M.eventInactive);
      const b = req.body;
      if ((b.method === 'pix' && pix.mode === 'off') || (b.method === 'card' && !acquirer)) throw new HttpError(503, PIX_MSG.notConfigured);
      const key = idempotencyKeyOf(req, M.idempotencyInvalid);
      await limitPublicPayment(db, req.ip);
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
      const card = b.method === 'card' ? b.card! : null;
      const attempt = card ? { ip: req.ip, card: cardFingerprint(opts.env, card.number), target: `donation:${ev.id}`, challenge: challengeOf(req) } : null;
      if (attempt) await checkCardAttempt(db, attempt);

      // Exactly once (lib/once.ts): the donation is stored pending with the key, then the provider is
      // called with its id as the key it dedupes on, then the outcome is recorded.
      const r = await runOnce<{ ref: string }, Outcome>(db, {
        scope: `donation:${ev.id}`,
        key,
        // Never the card's number or CVV: its last four digits.
        hash: commandHash('POST donation/payments', { ...base, last4: card ? digits(card.number).slice(-4) : null }),
        mismatchMessage: M.idempotencyMismatch,
        async reserve(tx) {
          const [row] = await tx.insert(donations).values({ ...base, status: 'pending' }).returning({ id: donations.id });
          await enqueueJob(tx, DONATION_CHECK_JOB, { donationId: row.id }, { key: row.id, delayMs: checkDelayMs });
          return { ref: row.id };
        },
        async call({ ref }) {
          if (card) {
            try {
              return { kind: 'card', value: await acquirer!.chargeCard({ amountCents, number: card.number, holder: card.holder, expiry: card.expiry, cvv: card.cvv, description: ev.name, reference: ref }) };
            } catch (err) {
              if (err instanceof DonationAcquirerUnavailableError) return { kind: 'unknown' };
              throw err;
            }
          }
          return createCob(ref, ev, instituteId, amountCents, description);
        },
        async finish(tx, { ref }, o) {
          if (o.kind === 'unknown') return { ...(await current(ref, tx)), checking: true };
          if (o.kind === 'failed') {
            await tx.delete(donations).where(eq(donations.id, ref));
            return { status: o.status, body: { Message: o.message } };
          }
          if (o.kind === 'pix') await tx.update(donations).set({ brCode: o.brCode, acquirerId: o.txid }).where(eq(donations.id, ref));
          else await recordCard(tx, ref, o.value);
          return current(ref, tx, ev.customThanks);
        },
        current: (ref) => current(ref, db, ev.customThanks),
      });
      if (attempt && !r.replayed && r.status === 402) await countDecline(db, attempt);
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
      return reply.status(r.status).send(r.body as PublicPayment);
    },
  );

  type Outcome = { kind: 'card'; value: CardOutcome } | { kind: 'pix'; brCode: string; txid: string } | { kind: 'unknown' } | { kind: 'failed'; status: number; message: string };

  async function createCob(id: string, ev: { venueId: string; name: string }, instituteId: string, amountCents: number, description: string): Promise<Outcome> {
    const [inst] = await db
      .select({ pixKey: donationBankAccounts.pixKey })
      .from(donationInstitutes)
      .innerJoin(donationBankAccounts, eq(donationBankAccounts.id, donationInstitutes.bankAccountId))
      .where(eq(donationInstitutes.id, instituteId));
    const txid = txidOf(id);
    try {
      // The institution's own key when its account has one; otherwise the place's key. PUT /cob/{txid}
      // is API Pix's own idempotency: the same txid is the same cob, never a second one.
      const { brCode } = await pix.createCharge({ venueId: ev.venueId, kind: 'donation', refId: id, txid, amountCents, description: `${ev.name} - ${description}`, key: inst?.pixKey || null });
      return { kind: 'pix', brCode, txid };
    } catch (err) {
      if (err instanceof PixNotConfiguredError) return { kind: 'failed', status: 503, message: PIX_MSG.noKey };
      if (err instanceof PixApiError) return { kind: 'failed', status: 502, message: PIX_MSG.pspUnavailable };
      if (err instanceof PixUnavailableError) return { kind: 'unknown' };
      throw err;
    }
  }

  /** A card's outcome, once: the first to record it (the request or the settling job) wins. */
  async function recordCard(tx: Tx, id: string, v: CardOutcome) {
    const [row] = await tx.select({ amountCents: donations.amountCents }).from(donations).where(eq(donations.id, id));
    await tx
      .update(donations)
      .set({ acquirerId: v.acquirerId, ...(v.approved ? paidValues('card', row.amountCents) : { status: 'failed' }) })
      .where(and(eq(donations.id, id), eq(donations.status, 'pending')));
  }

  /** Whether the provider's answer for this donation is still unknown ("em verificação"). */
  const awaiting = (row: typeof donations.$inferSelect) => row.status === 'pending' && (row.method === 'card' || !row.brCode);

  /** The answer for a donation's current state. */
  async function current(id: string, q: Q = db, thanks = ''): Promise<{ status: number; body: unknown }> {
    const [row] = await q.select().from(donations).where(eq(donations.id, id));
    if (!row) return { status: 404, body: { Message: M.paymentNotFound } };
    if (awaiting(row)) return { status: 202, body: toPayment(row, M.paymentChecking, null) };
    if (row.method === 'card') {
      if (row.status === 'failed') return { status: row.acquirerId ? 402 : 502, body: { Message: row.acquirerId ? M.cardDeclined : PIX_MSG.pspUnavailable } };
      return { status: 201, body: toPayment(row, thanks || 'Obrigado pela sua doação!', null) };
    }
    const qrDataUrl = row.brCode ? await QRCode.toDataURL(row.brCode, { width: 320, margin: 2, errorCorrectionLevel: 'M' }) : null;
    return { status: 201, body: toPayment(row, row.status === 'paid' ? 'Pagamento confirmado.' : 'Pague com o Pix abaixo.', qrDataUrl) };
  }

  /**
   * Settles a donation whose provider answer was never recorded: asks the acquirer for that key's
   * outcome (a Pix cob is PUT again with its own txid), never charges again; then every key waiting
   * on it answers the settled state.
   */
  async function settle(id: string): Promise<void> {
    const [row] = await db.select().from(donations).where(eq(donations.id, id));
    if (!row || !awaiting(row)) return;
    if (row.method === 'pix') {
      const [ev] = await db.select().from(donationEvents).where(eq(donationEvents.id, row.eventId));
      const o = await createCob(row.id, ev, row.instituteId, row.amountCents, row.description);
      if (o.kind === 'unknown') throw new Error('PSP unreachable');
      await db.transaction(async (tx) => {
        if (o.kind === 'pix') await tx.update(donations).set({ brCode: o.brCode, acquirerId: o.txid }).where(and(eq(donations.id, id), isNull(donations.brCode)));
        else if (o.kind === 'failed') await tx.delete(donations).where(and(eq(donations.id, id), eq(donations.status, 'pending')));
        await settleKeys(tx, id, o.kind === 'failed' ? { status: o.status, body: { Message: o.message } } : await current(id, tx));
      });
      return;
    }
    if (!acquirer) throw new PermanentJobError('no acquirer');
    const seen = await acquirer.lookupCharge(id);
    // Never received: after the call has surely given up, nothing was charged.
    if (!seen && Date.now() - row.createdAt.getTime() < 60_000) throw new Error('not seen yet');
    await db.transaction(async (tx) => {
      if (seen) await recordCard(tx, id, seen);
      else await tx.update(donations).set({ status: 'failed' }).where(and(eq(donations.id, id), eq(donations.status, 'pending')));
      await settleKeys(tx, id, await current(id, tx));
    });
  }
  opts.jobs?.defineJob<{ donationId: string }>(DONATION_CHECK_JOB, async ({ donationId }) => settle(String(donationId)), { maxAttempts: 40, backoffMs: 5_000, maxBackoffMs: 5 * 60_000 });

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
    return toPayment(row, row.status === 'paid' ? 'Pagamento confirmado.' : awaiting(row) ? M.paymentChecking : 'Aguardando pagamento.', null);
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
