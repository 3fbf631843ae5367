/**
 * Credit-card verification (spec 001 §2.10, §7, §8): the cards of a place's user found by CPF, and
 * "Validar" with a photo of a document. The photo is checked by its bytes (JPEG, PNG or WebP, at most
 * 5 MB), kept in the file storage under a key of ours and sent to the verification service; a card
 * the service accepts becomes active.
 */
import { randomUUID } from 'node:crypto';
import { ProviderNotConfiguredError } from '../../lib/sandboxes';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARD_PHOTO_MAX_BYTES, CASHLESS_MSG, CASHLESS_ROLES, isValidDocument, onlyDigits } from '../../../shared/cashless';
import { errorBody } from '../../../shared/contract/common';
import { CASHLESS_PATHS, cardsParams, cardsQuery, creditCardList, messageAnswer, verifierAnswer, verifyCardBody } from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import { cashlessCreditCards, cashlessUsers } from '../../db/schema/cashless';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import type { CardVerifier } from './adapters';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 502: errorBody };

/** The image kind by its first bytes; null when it is not a JPEG, PNG or WebP. */
export function imageKind(b: Buffer): { ext: string; mime: string } | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return { ext: 'webp', mime: 'image/webp' };
  return null;
}

/** The photo's bytes from a data URL or plain base64 (the declared type of a data URL is ignored). */
export function decodeImage(value: string): Buffer {
  const b64 = value.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw new HttpError(400, CASHLESS_MSG.photoInvalid);
  return Buffer.from(b64, 'base64');
}

export function cardRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; verifier: CardVerifier }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, verifier } = opts;

  app.get(`/${CASHLESS_PATHS.verifier}`, { schema: { response: { 200: verifierAnswer, 401: errorBody } } }, async (req) => {
    requireUser(req);
    return { provider: verifier.name, sandbox: verifier.sandbox, notConfigured: verifier.notConfigured ?? null };
  });

  app.get(
    `/${CASHLESS_PATHS.cardsByCpf}/:cpf`,
    { schema: { params: cardsParams, querystring: cardsQuery, response: { 200: creditCardList, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.verifyCard);
      const cpf = onlyDigits(req.params.cpf);
      if (cpf.length !== 11 || !isValidDocument(cpf)) throw new HttpError(400, CASHLESS_MSG.cpfInvalid);
      const rows = await db
        .select({ cardId: cashlessCreditCards.id, holderName: cashlessCreditCards.holderName, finalNumber: cashlessCreditCards.finalNumber, isActive: cashlessCreditCards.isActive })
        .from(cashlessCreditCards)
        .innerJoin(cashlessUsers, eq(cashlessUsers.id, cashlessCreditCards.userId))
        .where(and(eq(cashlessCreditCards.venueId, venueId), eq(cashlessUsers.document, cpf)))
        .orderBy(asc(cashlessCreditCards.createdAt), asc(cashlessCreditCards.finalNumber));
      return rows;
    },
  );

  app.post(`/${CASHLESS_PATHS.verifyCard}`, { schema: { body: verifyCardBody, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    requireUser(req);
    const [card] = await db.select().from(cashlessCreditCards).where(eq(cashlessCreditCards.id, req.body.cardId));
    if (!card) throw new HttpError(404, CASHLESS_MSG.cardNotFound);
    const { venueId } = await requireVenueOf(db, req, card.venueId, CASHLESS_ROLES.verifyCard, CASHLESS_MSG.cardNotFound);
    // Nothing stored when no service can verify it (production without CARD_VERIFY_URL nor its sandbox).
    if (verifier.notConfigured) throw new ProviderNotConfiguredError(verifier.notConfigured);
    const image = decodeImage(req.body.imageDocument);
    if (image.length > CARD_PHOTO_MAX_BYTES) throw new HttpError(413, CASHLESS_MSG.fileTooLarge(5));
    const kind = imageKind(image);
    if (!kind) throw new HttpError(400, CASHLESS_MSG.photoInvalid);
    const key = `${venueId}/card-documents/${randomUUID()}.${kind.ext}`;
    await files.put(key, image);
    let ok: boolean;
    try {
      ok = await verifier.verify({ cardId: card.id, holderName: card.holderName, finalNumber: card.finalNumber, image, mime: kind.mime });
    } catch (err) {
      req.log.warn({ err }, 'card verification service failed');
      throw new HttpError(502, CASHLESS_MSG.cardVerifyFailed);
    }
    await db.update(cashlessCreditCards).set({ documentKey: key, ...(ok ? { isActive: true, verifiedAt: new Date() } : {}) }).where(eq(cashlessCreditCards.id, card.id));
    if (!ok) throw new HttpError(400, CASHLESS_MSG.cardVerifyFailed);
    return { Message: CASHLESS_MSG.cardVerified };
  });
}
