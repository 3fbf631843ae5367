/**
 * Electronic extracts (spec 001 §2.6, §4, §7, §8): POST api/eletronicExtract/ (multipart, field
 * `file`, the place as `LocalId`) stores a .txt file and answers at once; a durable job
 * (`cashless.extract-process`, enqueued with the row) reads it and marks it processed (AnalizedAt). The lists filter by creation date (America/Sao_Paulo) and status.
 */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CASHLESS_MSG, CASHLESS_ROLES, centsToReais, EXTRACT_MAX_BYTES, EXTRACT_STATUS, isTxtFileName, toLegacyDate } from '../../../shared/cashless';
import { errorBody } from '../../../shared/contract/common';
import { CASHLESS_PATHS, extractList, extractListQuery, extractUploadAnswer } from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import { electronicExtractLines, electronicExtracts } from '../../db/schema/cashless';
import type { FileStorage } from '../../lib/file-storage';
import { enqueueJob, PermanentJobError } from '../../lib/jobs';
import { requireVenue } from '../../plugins/auth';
import { parseExtract } from './extract-parser';
import { receiveTextUpload } from './uploads';

/** The background job that reads an uploaded extract (payload: its id). */
export const EXTRACT_JOB = 'cashless.extract-process';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };

/** Reads one stored extract and marks it processed; safe to call twice (only a waiting file is read). */
export async function processExtract(db: Db, files: FileStorage, id: string): Promise<void> {
  const [row] = await db.select().from(electronicExtracts).where(and(eq(electronicExtracts.id, id), isNull(electronicExtracts.analyzedAt)));
  if (!row) return;
  const bytes = row.storageKey ? await files.read(row.storageKey) : null;
  const parsed = bytes ? parseExtract(bytes.toString('latin1')) : { acquirerType: null, lines: [], totalCents: 0, error: CASHLESS_MSG.invalidFile };
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(electronicExtracts)
      .set({ analyzedAt: new Date(), acquirerType: parsed.acquirerType, lineCount: parsed.lines.length, totalCents: parsed.totalCents, error: parsed.error })
      .where(and(eq(electronicExtracts.id, id), isNull(electronicExtracts.analyzedAt)))
      .returning({ id: electronicExtracts.id });
    if (!claimed) return;
    for (let i = 0; i < parsed.lines.length; i += 1000) {
      await tx.insert(electronicExtractLines).values(parsed.lines.slice(i, i + 1000).map((l) => ({ extractId: id, ...l })));
    }
  });
}

export function extractRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; log: (err: unknown) => void; delayMs?: number }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = opts;

  // The durable job queue reads the file (src/server/lib/jobs.ts): enqueued with the row, so a
  // restart or a crash after the answer never leaves a file waiting forever, and one process reads it.
  // EXTRACT_PROCESS_DELAY_MS holds the job back (demos and e2e tests see the file wait first).
  fastify.jobs.defineJob<{ extractId: string }>(
    EXTRACT_JOB,
    async ({ extractId }, ctx) => {
      if (typeof extractId !== 'string') throw new PermanentJobError('bad payload');
      await processExtract(ctx.db, files, extractId);
    },
    { maxAttempts: 5 },
  );

  // Files uploaded before extracts went through the queue have no job: give them one (the key
  // dedupes, so every process may do this at start).
  app.addHook('onReady', async () => {
    try {
      const waiting = await db.select({ id: electronicExtracts.id }).from(electronicExtracts).where(isNull(electronicExtracts.analyzedAt));
      for (const w of waiting) await enqueueJob(db, EXTRACT_JOB, { extractId: w.id }, { key: w.id, delayMs: opts.delayMs || undefined });
    } catch (err) {
      opts.log(err);
    }
  });

  const list = async (venueId: string, q: { startDate?: string; finalDate?: string; status?: string }) => {
    const where: SQL[] = [eq(electronicExtracts.venueId, venueId)];
    const day = sql`(${electronicExtracts.createdAt} at time zone 'America/Sao_Paulo')::date`;
    if (q.startDate) where.push(sql`${day} >= ${q.startDate}::date`);
    if (q.finalDate) where.push(sql`${day} <= ${q.finalDate}::date`);
    if (q.status === EXTRACT_STATUS.processed) where.push(isNotNull(electronicExtracts.analyzedAt));
    if (q.status === EXTRACT_STATUS.waiting) where.push(isNull(electronicExtracts.analyzedAt));
    const rows = await db.select().from(electronicExtracts).where(and(...where)).orderBy(desc(electronicExtracts.createdAt)).limit(500);
    return rows.map((r) => ({
      id: r.id,
      FileName: r.fileName,
      AquirerType: r.acquirerType,
      CreatedAt: toLegacyDate(r.createdAt),
      AnalizedAt: toLegacyDate(r.analyzedAt),
      Lines: r.lineCount,
      Total: centsToReais(r.totalCents),
      Error: r.error,
    }));
  };

  const listSchema = { querystring: extractListQuery, response: { 200: extractList, ...errors } };
  app.get(`/${CASHLESS_PATHS.extracts}`, { schema: listSchema }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.extracts);
    return list(venueId, req.query);
  });
  app.get(`/${CASHLESS_PATHS.extractsFilter}`, { schema: listSchema }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, CASHLESS_ROLES.extracts);
    return list(venueId, req.query);
  });

  app.post(`/${CASHLESS_PATHS.extracts}`, { schema: { response: { 201: extractUploadAnswer, ...errors } } }, async (req, reply) => {
    const up = await receiveTextUpload(req, { db, files, role: CASHLESS_ROLES.extracts, folder: 'extracts', ext: 'txt', maxBytes: EXTRACT_MAX_BYTES, nameOk: isTxtFileName, currentPlaceWhenUnnamed: true });
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(electronicExtracts).values({ venueId: up.venueId, fileName: up.fileName, storageKey: up.key }).returning({ id: electronicExtracts.id });
      await enqueueJob(tx, EXTRACT_JOB, { extractId: created.id }, { key: created.id, delayMs: opts.delayMs || undefined });
      return created;
    });
    return reply.status(201).send({ Message: CASHLESS_MSG.extractSent, id: row.id });
  });
}
