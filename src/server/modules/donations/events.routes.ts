/** Events, banners, bank options, institutions and donation links (spec 000 §7 Events, Institutes). */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  bankDataList,
  bannerUpload,
  bannerUploadResponse,
  DONATION_ROLE,
  donationEvent,
  donationEventInput,
  donationEventList,
  donationLinkCreate,
  donationLinkList,
  donationLinkUpdate,
  idResponse,
  institute,
  instituteInput,
  instituteList,
  messageResponse,
  productOptionList,
  type DonationEvent,
  type DonationLink,
} from '../../../shared/contract/donations';
import { BANNER_MAX_BYTES, DEFAULT_EVENT_COLOR, DONATION_MSG as M, DONATION_PAGE_PREFIX } from '../../../shared/donations';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { donationBankAccounts, donationEvents, donationInstitutes, donationLinks, donations } from '../../db/schema/donations';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { requireVenue, requireVenueOf } from '../../plugins/auth';
import { sniffImageType } from '../products/image-storage';
import type { Acquirer } from './adapters';
import { prefixedId } from '../../lib/crypto';
import { findEvent, isUuid, listInstitutes, toEvent } from './donations.repository';
import { sanitizeHtml } from './sanitize';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParam = (name: string) => z.object({ [name]: z.string().max(64) });
const BANNER_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const BANNER_PUBLIC_PREFIX = '/api/public/donation/banner/';

export interface DonationRouteOptions {
  db: Db;
  files: FileStorage;
  acquirer: Acquirer | null;
  publicUrl: string;
}

/** Stores a banner sent as a data URL after checking its size and its bytes; answers its address. */
export async function storeBanner(files: FileStorage, venueId: string, dataUrl: string): Promise<string> {
  const m = /^data:([a-z/+.-]+);base64,(.*)$/is.exec(dataUrl.trim());
  if (!m) throw new HttpError(400, M.bannerUnreadable);
  if (Math.floor((m[2].length * 3) / 4) > BANNER_MAX_BYTES + 3) throw new HttpError(400, M.bannerTooLarge);
  const buf = Buffer.from(m[2], 'base64');
  if (buf.length === 0) throw new HttpError(400, M.bannerUnreadable);
  if (buf.length > BANNER_MAX_BYTES) throw new HttpError(400, M.bannerTooLarge);
  // The declared type is ignored: only what the bytes are counts.
  const type = sniffImageType(buf);
  const ext = type ? BANNER_EXT[type] : undefined;
  if (!ext) throw new HttpError(400, M.bannerType);
  const name = `${randomUUID()}.${ext}`;
  await files.put(`donations/${venueId}/${name}`, buf);
  return `${BANNER_PUBLIC_PREFIX}${venueId}/${name}`;
}

const bannerKey = (address: string) => `donations/${address.slice(BANNER_PUBLIC_PREFIX.length)}`;
const isBannerAddress = (v: string, venueId: string) => v.startsWith(`${BANNER_PUBLIC_PREFIX}${venueId}/`) && /^[\w/.-]+$/.test(v);

/**
 * A stored banner as the `data:` URL the spec's event carries (spec 000 §3: banner_web and
 * banner_mobile are data URLs); '' when it is empty or its file is gone.
 */
export async function bannerDataUrl(files: FileStorage, venueId: string, address: string): Promise<string> {
  if (!address || !isBannerAddress(address, venueId)) return '';
  const buf = await files.read(bannerKey(address));
  const type = buf ? sniffImageType(buf) : null;
  return buf && type ? `data:${type};base64,${buf.toString('base64')}` : '';
}

async function withBannerData(files: FileStorage, ev: DonationEvent): Promise<DonationEvent> {
  const [web, mobile] = await Promise.all([bannerDataUrl(files, ev.localClienteId, ev.banner_web), bannerDataUrl(files, ev.localClienteId, ev.banner_mobile)]);
  return { ...ev, banner_web: web, banner_mobile: mobile };
}

/**
 * What to keep for a banner field. An event read back and saved again sends the same data URL: when
 * its bytes are those of the banner already stored, that file is kept instead of a new copy.
 */
async function resolveBanner(files: FileStorage, venueId: string, value: string, current = ''): Promise<string> {
  const v = value.trim();
  if (!v) return '';
  if (v.startsWith('data:')) {
    const m = /^data:[^;,]*;base64,(.*)$/is.exec(v);
    const stored = m && current && isBannerAddress(current, venueId) ? await files.read(bannerKey(current)) : null;
    if (m && stored && Buffer.from(m[1], 'base64').equals(stored)) return current;
    return storeBanner(files, venueId, v);
  }
  if (isBannerAddress(v, venueId)) return v;
  throw new HttpError(400, M.bannerUnreadable);
}

export function linkAddress(publicUrl: string, eventLink: string, gatewayLinkId: string): string {
  return `${publicUrl.replace(/\/$/, '')}${DONATION_PAGE_PREFIX}${eventLink}?link=${encodeURIComponent(gatewayLinkId)}`;
}

export async function eventRoutes(fastify: FastifyInstance, opts: DonationRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, acquirer } = opts;

  // ---- Events -------------------------------------------------------------------------------
  app.get('/api/Event/GetByLocalClienteId/:localId', { schema: { params: idParam('localId'), response: { 200: donationEventList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, (req.params as { localId: string }).localId, DONATION_ROLE);
    const rows = await db.select().from(donationEvents).where(eq(donationEvents.venueId, venueId)).orderBy(desc(donationEvents.date));
    return Promise.all(rows.map((r) => withBannerData(files, toEvent(r))));
  });

  app.get('/api/Event/GetById/:id', { schema: { params: idParam('id'), response: { 200: donationEvent, ...errors } } }, async (req) => {
    const row = await findEvent(db, (req.params as { id: string }).id);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.eventNotFound);
    return withBannerData(files, toEvent(row));
  });

  const saveEvent = async (body: z.infer<typeof donationEventInput> & object, existing: { id: string; bannerWeb: string; bannerMobile: string } | null) => {
    const existingId = existing?.id ?? null;
    const b = body as import('../../../shared/contract/donations').DonationEventInput;
    const venueId = b.localClienteId;
    const [clash] = await db
      .select({ id: donationEvents.id })
      .from(donationEvents)
      .where(existingId ? and(eq(donationEvents.link, b.link), ne(donationEvents.id, existingId)) : eq(donationEvents.link, b.link));
    if (clash) throw new HttpError(409, M.eventLinkTaken, { errors: [{ path: 'link', message: M.eventLinkTaken }] });
    return {
      venueId,
      name: b.nome,
      link: b.link,
      linkOfLive: b.linkOfLive.trim(),
      date: new Date(b.date),
      bannerWeb: await resolveBanner(files, venueId, b.banner_web, existing?.bannerWeb),
      bannerMobile: await resolveBanner(files, venueId, b.banner_mobile, existing?.bannerMobile),
      isActive: b.isActive,
      faq: b.frequentlyQuestion.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() })),
      showValueAbove: b.showValueAbove,
      colorTheme: b.colorTheme.toUpperCase() || DEFAULT_EVENT_COLOR,
      detailHtml: sanitizeHtml(b.detailHtml),
      aboutProjectHtml: sanitizeHtml(b.aboutProjectHtml),
      customThanks: b.customThanks.trim(),
      whichInstitution: b.whichInstitution.trim(),
      labelButtonDonate: b.labelButtonDonate.trim(),
      contactPhrase: b.contactPhrase.trim(),
      contactPhone: b.contactPhone.trim(),
    };
  };

  app.post('/api/Event', { schema: { body: donationEventInput, response: { 201: idResponse, ...errors } } }, async (req, reply) => {
    await requireVenue(db, req, req.body.localClienteId, DONATION_ROLE);
    const values = await saveEvent(req.body, null);
    const [row] = await db.insert(donationEvents).values(values).returning({ id: donationEvents.id });
    return reply.status(201).send({ id: row.id, Message: M.eventSaved });
  });

  app.put('/api/Event', { schema: { body: donationEventInput, response: { 200: idResponse, ...errors } } }, async (req) => {
    const current = await findEvent(db, req.body.id ?? '');
    await requireVenueOf(db, req, current.venueId, DONATION_ROLE, M.eventNotFound);
    if (req.body.localClienteId && req.body.localClienteId.toLowerCase() !== current.venueId) throw new HttpError(403, 'Acesso negado/Proibido');
    const values = await saveEvent(req.body, current);
    await db.update(donationEvents).set(values).where(eq(donationEvents.id, current.id));
    return { id: current.id, Message: M.eventEdited };
  });

  app.delete('/api/Event/DeleteById/:id', { schema: { params: idParam('id'), response: { 200: messageResponse, ...errors } } }, async (req) => {
    const row = await findEvent(db, (req.params as { id: string }).id);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.eventNotFound);
    const [n] = await db.select({ n: count() }).from(donationInstitutes).where(eq(donationInstitutes.eventId, row.id));
    if (n.n > 0) throw new HttpError(409, M.eventHasInstitutes);
    await db.delete(donationEvents).where(eq(donationEvents.id, row.id));
    return { Message: M.eventDeleted };
  });

  app.post('/api/Event/Banner', { schema: { body: bannerUpload, response: { 201: bannerUploadResponse, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId, DONATION_ROLE);
    return reply.status(201).send({ url: await storeBanner(files, venueId, req.body.imagem) });
  });

  // ---- Institutions -------------------------------------------------------------------------
  app.get('/api/Institute/BankData/:localId', { schema: { params: idParam('localId'), response: { 200: bankDataList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, (req.params as { localId: string }).localId, DONATION_ROLE);
    const rows = await db.select().from(donationBankAccounts).where(eq(donationBankAccounts.venueId, venueId)).orderBy(asc(donationBankAccounts.description));
    return rows.map((r) => ({ dadoBancarioId: r.id, descricao: r.description }));
  });

  app.get('/api/Institute/GetInstitutesByLocalCliente/:localId', { schema: { params: idParam('localId'), response: { 200: instituteList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, (req.params as { localId: string }).localId, DONATION_ROLE);
    return listInstitutes(db, { venueId });
  });

  async function findInstitute(id: string) {
    const [row] = isUuid(id) ? await db.select().from(donationInstitutes).where(and(eq(donationInstitutes.id, id), isNull(donationInstitutes.archivedAt))) : [];
    if (!row) throw new HttpError(404, M.instituteNotFound);
    return row;
  }

  app.get('/api/Institute/:id', { schema: { params: idParam('id'), response: { 200: institute, ...errors } } }, async (req) => {
    const row = await findInstitute((req.params as { id: string }).id);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.instituteNotFound);
    const [one] = await listInstitutes(db, { venueId: row.venueId, id: row.id });
    return one;
  });

  /** The bank account and the event must be this venue's; errors under their fields. */
  async function checkInstituteRefs(venueId: string, bankDataId: string, eventId: string) {
    const errs: Array<{ path: string; message: string }> = [];
    const [bank] = isUuid(bankDataId)
      ? await db.select({ id: donationBankAccounts.id }).from(donationBankAccounts).where(and(eq(donationBankAccounts.id, bankDataId), eq(donationBankAccounts.venueId, venueId)))
      : [];
    if (!bank) errs.push({ path: 'bankDataId', message: M.chooseBankData });
    const [ev] = isUuid(eventId) ? await db.select({ id: donationEvents.id }).from(donationEvents).where(and(eq(donationEvents.id, eventId), eq(donationEvents.venueId, venueId))) : [];
    if (!ev) errs.push({ path: 'eventId', message: M.chooseEvent });
    if (errs.length) throw new HttpError(400, errs[0].message, { errors: errs });
  }

  app.post('/api/Institute', { schema: { body: instituteInput, response: { 201: idResponse, ...errors } } }, async (req, reply) => {
    // The place: named, else the event's, else the session's current place (requireVenue).
    const [ofEvent] =
      req.body.localClienteId || !isUuid(req.body.eventId) ? [] : await db.select({ venueId: donationEvents.venueId }).from(donationEvents).where(eq(donationEvents.id, req.body.eventId));
    const { venueId } = await requireVenue(db, req, req.body.localClienteId || ofEvent?.venueId, DONATION_ROLE);
    await checkInstituteRefs(venueId, req.body.bankDataId, req.body.eventId);
    const [row] = await db
      .insert(donationInstitutes)
      .values({ venueId, name: req.body.nome, bankAccountId: req.body.bankDataId, eventId: req.body.eventId })
      .returning({ id: donationInstitutes.id });
    return reply.status(201).send({ id: row.id, Message: M.instituteSaved });
  });

  app.put('/api/Institute', { schema: { body: instituteInput, response: { 200: idResponse, ...errors } } }, async (req) => {
    const current = await findInstitute(req.body.id ?? '');
    await requireVenueOf(db, req, current.venueId, DONATION_ROLE, M.instituteNotFound);
    if (req.body.localClienteId && req.body.localClienteId.toLowerCase() !== current.venueId) throw new HttpError(403, 'Acesso negado/Proibido');
    await checkInstituteRefs(current.venueId, req.body.bankDataId, req.body.eventId);
    await db
      .update(donationInstitutes)
      .set({ name: req.body.nome, bankAccountId: req.body.bankDataId, eventId: req.body.eventId })
      .where(eq(donationInstitutes.id, current.id));
    return { id: current.id, Message: M.instituteEdited };
  });

  app.delete('/api/Institute/:id', { schema: { params: idParam('id'), response: { 200: messageResponse, ...errors } } }, async (req) => {
    const row = await findInstitute((req.params as { id: string }).id);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.instituteNotFound);
    const [l] = await db.select({ n: count() }).from(donationLinks).where(eq(donationLinks.instituteId, row.id));
    const [d] = await db.select({ n: count() }).from(donations).where(eq(donations.instituteId, row.id));
    // Donations are history (reports, the donor list): such an institution is archived, never
    // deleted; its links stop showing on the public page and it leaves the lists and selects.
    if (d.n > 0) {
      await db.transaction(async (tx) => {
        await tx.update(donationInstitutes).set({ archivedAt: new Date() }).where(eq(donationInstitutes.id, row.id));
        await tx.update(donationLinks).set({ showLink: false }).where(eq(donationLinks.instituteId, row.id));
      });
      return { Message: M.instituteArchived };
    }
    if (l.n > 0) throw new HttpError(409, M.instituteHasLinks);
    await db.delete(donationInstitutes).where(eq(donationInstitutes.id, row.id));
    return { Message: M.instituteDeleted };
  });

  // ---- Donation links -----------------------------------------------------------------------
  app.get('/api/Link/Institutes/:eventId', { schema: { params: idParam('eventId'), response: { 200: instituteList, ...errors } } }, async (req) => {
    const ev = await findEvent(db, (req.params as { eventId: string }).eventId);
    await requireVenueOf(db, req, ev.venueId, DONATION_ROLE, M.eventNotFound);
    return listInstitutes(db, { venueId: ev.venueId, eventId: ev.id });
  });

  app.get('/api/Link/Products/:localId', { schema: { params: idParam('localId'), response: { 200: productOptionList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, (req.params as { localId: string }).localId, DONATION_ROLE);
    // Product type 18 is a donation (spec 001 §3).
    const rows = await db
      .select({ id: products.id, nome: products.name, cents: products.valueCents })
      .from(products)
      .where(and(eq(products.venueId, venueId), eq(products.type, 18)))
      .orderBy(asc(products.name));
    return rows.map((r) => ({ id: r.id, nome: r.nome, valor: r.cents / 100 }));
  });

  async function linksOf(instituteId: string): Promise<DonationLink[]> {
    const rows = await db
      .select({ l: donationLinks, eventName: donationEvents.name, eventLink: donationEvents.link, productName: products.name })
      .from(donationLinks)
      .innerJoin(donationEvents, eq(donationEvents.id, donationLinks.eventId))
      .leftJoin(products, eq(products.id, donationLinks.productId))
      .where(eq(donationLinks.instituteId, instituteId))
      .orderBy(asc(donationLinks.amountCents), asc(donationLinks.createdAt));
    return rows.map(({ l, eventName, eventLink, productName }) => ({
      id: l.id,
      gateWayLinkId: l.gatewayLinkId,
      showLink: l.showLink,
      link: linkAddress(opts.publicUrl, eventLink, l.gatewayLinkId),
      description: l.description,
      produtoId: l.productId ?? '',
      produtoNome: productName ?? '',
      eventName,
      amount: l.amountCents / 100,
      instalmments: 1 as const,
      eventId: l.eventId,
      instituteId: l.instituteId,
    }));
  }

  app.get('/api/Link/:id', { schema: { params: idParam('id'), response: { 200: donationLinkList, ...errors } } }, async (req) => {
    const inst = await findInstitute((req.params as { id: string }).id);
    await requireVenueOf(db, req, inst.venueId, DONATION_ROLE, M.instituteNotFound);
    return linksOf(inst.id);
  });

  app.post('/api/Link', { schema: { body: donationLinkCreate, response: { 201: donationLinkList, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const inst = await findInstitute(b.instituteId);
    await requireVenueOf(db, req, inst.venueId, DONATION_ROLE, M.instituteNotFound);
    if (inst.eventId !== b.eventId) throw new HttpError(400, M.chooseInstitute, { errors: [{ path: 'instituteId', message: M.chooseInstitute }] });
    const [prod] = isUuid(b.produtoId)
      ? await db.select({ id: products.id }).from(products).where(and(eq(products.id, b.produtoId), eq(products.venueId, inst.venueId), eq(products.type, 18)))
      : [];
    if (!prod) throw new HttpError(400, M.chooseProduct, { errors: [{ path: 'produtoId', message: M.chooseProduct }] });
    const amountCents = Math.round(b.amount * 100);
    // Without a card acquirer (production, none configured) the link is ours alone.
    const { gatewayLinkId } = acquirer ? await acquirer.createLink({ amountCents, description: b.description }) : { gatewayLinkId: prefixedId('lnk') };
    await db.insert(donationLinks).values({
      venueId: inst.venueId,
      gatewayLinkId,
      showLink: b.showLink,
      description: b.description,
      productId: prod.id,
      amountCents,
      eventId: inst.eventId,
      instituteId: inst.id,
    });
    return reply.status(201).send(await linksOf(inst.id));
  });

  async function findLink(gatewayLinkId: string) {
    const [row] = await db.select().from(donationLinks).where(eq(donationLinks.gatewayLinkId, gatewayLinkId));
    if (!row) throw new HttpError(404, M.linkNotFound);
    return row;
  }

  app.put('/api/Link', { schema: { body: donationLinkUpdate, response: { 200: donationLinkList, ...errors } } }, async (req) => {
    const row = await findLink(req.body.gateWayLinkId);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.linkNotFound);
    await db.update(donationLinks).set({ showLink: req.body.showLink }).where(eq(donationLinks.id, row.id));
    return linksOf(row.instituteId);
  });

  app.delete('/api/Link/:id', { schema: { params: idParam('id'), response: { 200: messageResponse, ...errors } } }, async (req) => {
    const row = await findLink((req.params as { id: string }).id);
    await requireVenueOf(db, req, row.venueId, DONATION_ROLE, M.linkNotFound);
    await db.delete(donationLinks).where(eq(donationLinks.id, row.id));
    return { Message: M.linkDeleted };
  });
}
