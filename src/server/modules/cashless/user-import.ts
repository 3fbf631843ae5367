/**
 * The user import (spec 001 §2.9, §5). The CSV is parsed and checked in a worker thread
 * (user-import.worker.mjs → user-import-parse.ts: papaparse and the shared rules, repeats inside the
 * file), which posts batches of valid users; this thread, which owns the database, skips users the
 * place already has and inserts the rest with a named card each, one small batch at a time, yielding
 * to the event loop (setImmediate) between batches. The 4-digit passwords hash on libuv's thread
 * pool. So the server keeps answering other requests during a 50,000-row import (bench
 * cashless-import). Answers the counts, the rows to show and the whole per-row result as a CSV.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { CASHLESS_MSG, IMPORT_REASON, type ImportUser } from '../../../shared/cashless';
import { IMPORT_ROWS_SHOWN, type ImportAnswer, type ImportRow } from '../../../shared/contract/cashless';
import type { Db } from '../../db/client';
import { hashPin } from '../../lib/crypto';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { saveDownload } from '../downloads/downloads';
import type { FromParser, ToParser } from './user-import-parse';

/**
 * Users per insert. The embedded database runs on this thread, so one batch (a select, an insert of
 * users and one of cards) is how long the loop is held: small batches keep other answers fast.
 */
export const IMPORT_BATCH = 100;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One result line, escaped as the customers export does (quotes, and formulas such as =HYPERLINK(…) made text). */
const csvLine = (cells: Array<string | number>) => Papa.unparse([cells.map(String)], { delimiter: ';', escapeFormulae: true, newline: '\r\n' });

/** Starts the parser worker and streams the stored file to it; its messages come out as an async iterable. */
async function parseInWorker(files: FileStorage, key: string, format: 'csv' | 'xlsx') {
  const stored = await files.get(key);
  if (!stored) throw new HttpError(400, CASHLESS_MSG.invalidFile);
  const stream = stored;
  const worker = new Worker(new URL('./user-import.worker.mjs', import.meta.url), { workerData: { batch: IMPORT_BATCH, format } });
  const queue: FromParser[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  const wake = () => waiter.wake?.();
  let failure: Error | null = null;
  const push = (m: FromParser) => {
    queue.push(m);
    wake();
  };
  worker.on('message', push);
  worker.on('error', (err) => {
    failure = err;
    wake();
  });
  worker.on('exit', () => {
    if (!queue.some((m) => m.type !== 'batch')) failure ??= new Error('import worker stopped');
    wake();
  });
  let stopped = false;
  void (async () => {
    try {
      for await (const chunk of stream) {
        if (stopped) break;
        const b = chunk as Buffer;
        // A copy the worker owns (the stream's buffers may share a pool).
        const data = new Uint8Array(b.byteLength);
        data.set(b);
        worker.postMessage({ type: 'chunk', data } satisfies ToParser, [data.buffer]);
      }
      worker.postMessage({ type: 'end' } satisfies ToParser);
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
      wake();
    }
  })();
  async function* messages(): AsyncGenerator<FromParser> {
    try {
      for (;;) {
        while (queue.length) {
          const m = queue.shift()!;
          yield m;
          if (m.type !== 'batch') return;
        }
        if (failure) throw failure;
        await new Promise<void>((r) => (waiter.wake = r));
        waiter.wake = null;
      }
    } finally {
      stopped = true;
      stream.destroy();
      void worker.terminate();
    }
  }
  return messages();
}

export async function importUsers(db: Db, files: FileStorage, venueId: string, key: string, format: 'csv' | 'xlsx' = 'csv'): Promise<ImportAnswer> {
  const started = Date.now();
  const messages = await parseInWorker(files, key, format);

  const results: ImportRow[] = [];
  const report: Array<[number, string]> = [];
  let total = 0;
  let lines = 0;
  let blank = 0;
  let blankLines: number[] = [];
  let imported = 0;
  let skipped = 0;
  let shownImported = 0;

  const record = (row: ImportRow) => {
    report.push([row.line, csvLine([row.line, row.name, row.document, row.status, row.reason])]);
    if (row.status === 'ignorado') skipped++;
    else imported++;
    const show = row.status === 'ignorado' || shownImported < 200;
    if (show && results.length < IMPORT_ROWS_SHOWN) {
      if (row.status === 'importado') shownImported++;
      results.push(row);
    }
  };

  /** Hashes the passwords on libuv's thread pool (users the place already has are found by the insert). */
  const prepare = async (batch: Array<{ line: number; user: ImportUser; note: string }>) => ({ batch, hashes: await Promise.all(batch.map((b) => hashPin(b.user.password))) });

  /**
   * One statement per batch: users the place already has are skipped by the unique index (on conflict
   * do nothing), and each new user gets its named card. One JSON parameter: parsing thousands of bind
   * parameters costs more than the insert itself.
   */
  const insert = async ({ batch, hashes }: Awaited<ReturnType<typeof prepare>>) => {
    if (!batch.length) return;
    const ids = batch.map(() => randomUUID());
    const rows = batch.map((b, i) => ({
      id: ids[i],
      name: b.user.name,
      document: b.user.document,
      email: b.user.email,
      phone: b.user.phone,
      pin_hash: hashes[i],
      limit_cents: b.user.limitCents,
      number: ids[i].replace(/-/g, '').slice(0, 12).toUpperCase(),
    }));
    const res = (await db.execute(sql`
      with r as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(id uuid, name text, document text, email text, phone text, pin_hash text, limit_cents integer, number text)
      ), u as (
        insert into cashless_users (id, venue_id, name, document, email, phone, pin_hash, negative_limit_cents)
        select r.id, ${venueId}::uuid, r.name, r.document, r.email, r.phone, r.pin_hash, r.limit_cents from r
        on conflict (venue_id, document) do nothing
        returning id
      )
      insert into cashless_cards (venue_id, user_id, number, nominal)
      select ${venueId}::uuid, u.id, r.number, true from u join r on r.id = u.id
      returning user_id`)) as unknown as { rows: Array<{ user_id: string }> };
    const created = new Set(res.rows.map((r) => r.user_id));
    batch.forEach((b, i) => {
      const status = created.has(ids[i]) ? 'importado' : 'ignorado';
      record({ line: b.line, name: b.user.name, document: b.user.document, status, reason: status === 'ignorado' ? IMPORT_REASON.existing : b.note });
    });
  };

  // A pipeline one batch deep: while one batch is written, the next one's passwords hash. Each
  // statement is followed by a turn of the event loop.
  let ready: Promise<Awaited<ReturnType<typeof prepare>>> | null = null;
  for await (const m of messages) {
    if (m.type === 'header') throw new HttpError(400, CASHLESS_MSG.headerChanged);
    if (m.type === 'unreadable') throw new HttpError(400, CASHLESS_MSG.importXlsxUnreadable);
    if (m.type === 'failed') throw new Error(`import parser: ${m.message}`);
    if (m.type === 'done') {
      total = m.total;
      lines = m.lines;
      blank = m.blank;
      blankLines = m.blankLines;
      break;
    }
    for (const r of m.refused) record(r);
    const next = prepare(m.valid);
    next.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled meanwhile
    if (ready) {
      await insert(await ready);
      await yieldToLoop();
    }
    ready = next;
  }
  if (ready) await insert(await ready);
  if (lines === 0) throw new HttpError(400, CASHLESS_MSG.headerChanged);
  if (total === 0) throw new HttpError(400, CASHLESS_MSG.importEmpty);
  results.sort((a, b) => a.line - b.line);
  // The per-row result as a CSV, built in slices with a turn of the loop between them.
  report.sort((a, b) => a[0] - b[0]);
  await yieldToLoop();
  const parts: Buffer[] = [Buffer.from('\uFEFFLinha;Nome;Documento;Situação;Motivo\r\n', 'utf8')];
  for (let i = 0; i < report.length; i += 5000) {
    parts.push(Buffer.from(`${report.slice(i, i + 5000).map((r) => r[1]).join('\r\n')}\r\n`, 'utf8'));
    await yieldToLoop();
  }
  const reportFile = await saveDownload(files, venueId, 'user-import', 'resultado-importacao.csv', 'csv', Buffer.concat(parts));
  const summary = imported === 0 ? CASHLESS_MSG.importNone(skipped) : `${CASHLESS_MSG.uploadSuccess} ${CASHLESS_MSG.importDone(imported, skipped)}`;
  return {
    Message: blank ? `${summary} ${CASHLESS_MSG.importBlank(blank)}` : summary,
    total,
    blank,
    blankLines,
    imported,
    skipped,
    rows: results,
    rowsTruncated: results.length < total,
    report: reportFile,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
