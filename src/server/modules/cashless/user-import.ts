/**
 * The user import (spec 001 §2.9, §5): reads a stored CSV as a stream with papaparse, checks every row
 * by the shared rules, skips users the place already has (and repeats inside the file), and inserts
 * the rest in batches with a named card each. Between batches it yields to the event loop, and the
 * 4-digit passwords hash on libuv's thread pool, so the server keeps answering during a 50,000-row
 * import. Answers the counts, the rows to show and the whole per-row result as a CSV download.
 */
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { CASHLESS_MSG, IMPORT_DELIMITER, IMPORT_REASON, isImportHeader, validateImportRow, type ImportUser } from '../../../shared/cashless';
import { IMPORT_ROWS_SHOWN, type ImportAnswer, type ImportRow } from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import { cashlessUsers } from '../../db/schema/cashless';
import { hashPin } from '../../lib/crypto';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { saveDownload } from '../downloads/downloads';
import { looksUtf8 } from './uploads';

// Small batches: the embedded database runs on this thread, so a batch is how long the loop is held.
const BATCH = 500;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes to text chunks (never splitting a character), in the encoding sniffed from the start. */
function decoder(encoding: 'utf8' | 'latin1'): Transform {
  const d = new StringDecoder(encoding);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _e, cb) {
      const s = d.write(chunk);
      cb(null, s || undefined);
    },
    flush(cb) {
      const s = d.end();
      cb(null, s || undefined);
    },
  });
}

const csvCell = (s: string | number) => {
  const v = String(s);
  return /[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

export async function importUsers(db: Db, files: FileStorage, venueId: string, key: string): Promise<ImportAnswer> {
  const started = Date.now();
  const head = await files.get(key);
  if (!head) throw new HttpError(400, CASHLESS_MSG.invalidFile);
  let sample = Buffer.alloc(0);
  for await (const chunk of head) {
    sample = Buffer.concat([sample, chunk as Buffer]);
    if (sample.length >= 64 * 1024) break;
  }
  head.destroy();
  const encoding = looksUtf8(sample) ? 'utf8' : 'latin1';

  const stream = await files.get(key);
  if (!stream) throw new HttpError(400, CASHLESS_MSG.invalidFile);
  const parser = stream.pipe(decoder(encoding)).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: IMPORT_DELIMITER, skipEmptyLines: 'greedy' }));

  const results: ImportRow[] = [];
  const report: Array<[number, string]> = [];
  const seen = new Set<string>();
  let total = 0;
  let imported = 0;
  let skipped = 0;
  let shownImported = 0;
  let line = 0;
  let pending: Array<{ line: number; user: ImportUser }> = [];

  const record = (row: ImportRow) => {
    report.push([row.line, [row.line, row.name, row.document, row.status, row.reason].map(csvCell).join(';')]);
    if (row.status === 'ignorado') skipped++;
    else imported++;
    const show = row.status === 'ignorado' || shownImported < 200;
    if (show && results.length < IMPORT_ROWS_SHOWN) {
      if (row.status === 'importado') shownImported++;
      results.push(row);
    }
  };

  /** Checks which users exist and hashes the passwords (libuv's thread pool). */
  const prepare = async (batch: Array<{ line: number; user: ImportUser }>) => {
    const existing = new Set(
      (
        await db
          .select({ document: cashlessUsers.document })
          .from(cashlessUsers)
          .where(and(eq(cashlessUsers.venueId, venueId), inArray(cashlessUsers.document, batch.map((b) => b.user.document))))
      ).map((r) => r.document),
    );
    const fresh = batch.filter((b) => !existing.has(b.user.document));
    const hashes = await Promise.all(fresh.map((b) => hashPin(b.user.password)));
    return { batch, existing, fresh, hashes };
  };

  const insert = async ({ batch, existing, fresh, hashes }: Awaited<ReturnType<typeof prepare>>) => {
    if (fresh.length) {
      const ids = fresh.map(() => randomUUID());
      // One JSON parameter per batch: parsing 8,000 bind parameters costs more than the insert itself.
      const rows = fresh.map((b, i) => ({
        id: ids[i],
        name: b.user.name,
        document: b.user.document,
        email: b.user.email,
        phone: b.user.phone,
        pin_hash: hashes[i],
        limit_cents: b.user.limitCents,
        number: ids[i].replace(/-/g, '').slice(0, 12).toUpperCase(),
      }));
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into cashless_users (id, venue_id, name, document, email, phone, pin_hash, negative_limit_cents)
          select r.id, ${venueId}::uuid, r.name, r.document, r.email, r.phone, r.pin_hash, r.limit_cents
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, name text, document text, email text, phone text, pin_hash text, limit_cents integer)`);
        await tx.execute(sql`
          insert into cashless_cards (venue_id, user_id, number, nominal)
          select ${venueId}::uuid, r.id, r.number, true
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, number text)`);
      });
    }
    for (const b of batch) {
      const status = existing.has(b.user.document) ? 'ignorado' : 'importado';
      record({ line: b.line, name: b.user.name, document: b.user.document, status, reason: status === 'ignorado' ? IMPORT_REASON.existing : '' });
    }
    await yieldToLoop();
  };

  // A pipeline one batch deep: while one batch hashes and inserts, the next one is read and checked.
  // Repeats inside the file are caught by `seen`, so a batch never depends on the one before it.
  let inflight: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!pending.length) return;
    const prepared = prepare(pending);
    pending = [];
    const previous = inflight;
    inflight = (async () => {
      const p = await prepared;
      await previous;
      await insert(p);
    })();
    inflight.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled meanwhile
    await previous;
  };

  for await (const cells of parser as AsyncIterable<string[]>) {
    line++;
    if (line === 1) {
      if (!isImportHeader(cells)) {
        stream.destroy();
        throw new HttpError(400, CASHLESS_MSG.headerChanged);
      }
      continue;
    }
    total++;
    const r = validateImportRow(cells);
    if (!r.ok) {
      record({ line, name: r.name, document: r.document, status: 'ignorado', reason: r.reason });
    } else if (seen.has(r.user.document)) {
      record({ line, name: r.user.name, document: r.user.document, status: 'ignorado', reason: IMPORT_REASON.duplicate });
    } else {
      seen.add(r.user.document);
      pending.push({ line, user: r.user });
      if (pending.length >= BATCH) await flush();
    }
  }
  if (line === 0) throw new HttpError(400, CASHLESS_MSG.headerChanged);
  await flush();
  await inflight;
  if (total === 0) throw new HttpError(400, CASHLESS_MSG.importEmpty);
  results.sort((a, b) => a.line - b.line);
  const reportFile = await saveDownload(files, venueId, 'resultado-importacao.csv', 'csv', Buffer.from(`\uFEFF${['Linha;Nome;Documento;Situação;Motivo', ...report.sort((a, b) => a[0] - b[0]).map((r) => r[1])].join('\r\n')}\r\n`, 'utf8'));
  return {
    Message: `${CASHLESS_MSG.uploadSuccess} ${CASHLESS_MSG.importDone(imported, skipped)}`,
    total,
    imported,
    skipped,
    rows: results,
    rowsTruncated: results.length < total,
    report: reportFile,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
