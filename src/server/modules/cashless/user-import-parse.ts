/**
 * The CPU half of the user import, run in a worker thread (user-import.worker.mjs): the CSV bytes
 * come in as chunks, are decoded (UTF-8 or Windows-1252, sniffed from the first 64 KB), parsed with
 * papaparse (`;`, `,` or tab, detected from the header line) and checked row by row with the shared
 * rules; repeats inside the file are caught here. An .xlsx is read whole with exceljs (loaded only
 * then) and its first sheet goes through the same row checks. Line numbers are the file's own:
 * blank rows are counted and reported, never silently skipped. It posts batches of valid users
 * (with the rows refused meanwhile) for the main thread to write.
 */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { MessagePort } from 'node:worker_threads';
import Papa from 'papaparse';
import { detectImportDelimiter, IMPORT_HEADER, IMPORT_REASON, isImportHeader, validateImportRow, type ImportUser } from '../../../shared/cashless';
import { looksUtf8 } from './text-encoding';

export interface RefusedRow {
  line: number;
  name: string;
  document: string;
  status: 'ignorado';
  reason: string;
}
export interface ValidRow {
  line: number;
  user: ImportUser;
  /** What was normalised (a masked CPF, +55), shown beside the imported row. */
  note: string;
}
/** Blank lines listed at most (the count is always whole). */
export const BLANK_LINES_LISTED = 100;
export type ToParser = { type: 'chunk'; data: Uint8Array } | { type: 'end' };
export type FromParser =
  | { type: 'batch'; valid: ValidRow[]; refused: RefusedRow[] }
  | { type: 'done'; total: number; lines: number; blank: number; blankLines: number[] }
  | { type: 'header' }
  | { type: 'unreadable' }
  | { type: 'failed'; message: string };

const SNIFF_BYTES = 64 * 1024;

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

/** Checks rows in file order and posts batches; `false` from `row` means stop (bad header). */
function rowChecker(port: MessagePort, batch: number) {
  const seen = new Set<string>();
  let valid: ValidRow[] = [];
  let refused: RefusedRow[] = [];
  let line = 0;
  let total = 0;
  let blank = 0;
  const blankLines: number[] = [];
  // Blank rows count only when a filled row follows (a file's trailing newlines are not rows).
  let pendingBlank: number[] = [];
  let headerSeen = false;
  const post = () => {
    if (!valid.length && !refused.length) return;
    port.postMessage({ type: 'batch', valid, refused } satisfies FromParser);
    valid = [];
    refused = [];
  };
  return {
    /**
     * One row, which took `span` of the file's lines (a quoted cell with line breaks takes more than
     * one): it is reported at its first line, and the next row starts after its last.
     */
    row(cells: string[], span = 1): boolean {
      const at = line + 1;
      line += span;
      if (cells.every((c) => c.trim() === '')) {
        pendingBlank.push(at);
        return true;
      }
      for (const b of pendingBlank) {
        blank++;
        if (blankLines.length < BLANK_LINES_LISTED) blankLines.push(b);
      }
      pendingBlank = [];
      if (!headerSeen) {
        headerSeen = true;
        if (!isImportHeader(cells)) {
          port.postMessage({ type: 'header' } satisfies FromParser);
          return false;
        }
        return true;
      }
      total++;
      const r = validateImportRow(cells);
      if (!r.ok) refused.push({ line: at, name: r.name, document: r.document, status: 'ignorado', reason: r.reason });
      else if (seen.has(r.user.document)) refused.push({ line: at, name: r.user.name, document: r.user.document, status: 'ignorado', reason: IMPORT_REASON.duplicate });
      else {
        seen.add(r.user.document);
        valid.push({ line: at, user: r.user, note: r.notes.join(' ') });
        if (valid.length >= batch) post();
      }
      if (refused.length >= batch) post();
      return true;
    },
    done() {
      post();
      port.postMessage({ type: 'done', total, lines: line - pendingBlank.length, blank, blankLines } satisfies FromParser);
    },
  };
}

/** How many of the file's lines a CSV row took: one, plus each line break inside its quoted cells. */
function linesOf(cells: string[]): number {
  let n = 1;
  for (const c of cells) n += c.match(/\r\n|\r|\n/g)?.length ?? 0;
  return n;
}

/** A workbook cell as the text a CSV of it would hold (numbers keep what Excel's number lost). */
function cellText(cell: { value: unknown; text: string }, column: number): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    // A CPF typed as a number loses its leading zeros; a limit is money with a comma.
    if (column === 2 && Number.isInteger(v)) return `'${String(v).padStart(11, '0')}`;
    if (column === 6) return v.toFixed(2).replace('.', ',');
    return String(v);
  }
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return cell.text ?? '';
}

async function parseXlsx(bytes: Buffer, port: MessagePort, batch: number) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    port.postMessage({ type: 'unreadable' } satisfies FromParser);
    return;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    port.postMessage({ type: 'unreadable' } satisfies FromParser);
    return;
  }
  const check = rowChecker(port, batch);
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const width = Math.max(IMPORT_HEADER.length, row.cellCount);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c) as unknown as { value: unknown; text: string }, c));
    if (!check.row(cells)) return;
  }
  check.done();
}

/** Parses what arrives on `port` (a CSV, or an .xlsx when `format` says so) and answers batches of at most `batch` valid users. */
export function runImportParser(port: MessagePort, batch: number, format: 'csv' | 'xlsx' = 'csv'): void {
  if (format === 'xlsx') {
    const chunks: Buffer[] = [];
    port.on('message', (m: ToParser) => {
      if (m.type === 'chunk') chunks.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
      else
        void parseXlsx(Buffer.concat(chunks), port, batch)
          .catch((err: unknown) => port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies FromParser))
          .finally(() => port.close());
    });
    return;
  }
  const input = new PassThrough();
  let sniff: Buffer[] | null = [];
  let sniffed = 0;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const head = Buffer.concat(sniff ?? []);
    sniff = null;
    void parse(input, looksUtf8(head) ? 'utf8' : 'latin1', head);
  };
  port.on('message', (m: ToParser) => {
    if (m.type === 'chunk') {
      const buf = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
      if (sniff) {
        sniff.push(buf);
        sniffed += buf.length;
        if (sniffed >= SNIFF_BYTES) start();
      } else input.write(buf);
    } else {
      start();
      input.end();
    }
  });

  async function parse(source: PassThrough, encoding: 'utf8' | 'latin1', head: Buffer) {
    try {
      const firstLine = head.toString(encoding === 'utf8' ? 'utf8' : 'latin1').replace(/^\s+/, '').split(/\r?\n|\r/)[0] ?? '';
      const text = new PassThrough();
      text.write(head);
      source.pipe(text);
      const parser = text.pipe(decoder(encoding)).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: detectImportDelimiter(firstLine), skipEmptyLines: false }));
      const check = rowChecker(port, batch);
      for await (const cells of parser as AsyncIterable<string[]>) {
        if (!check.row(cells, linesOf(cells))) {
          port.close();
          return;
        }
      }
      check.done();
    } catch (err) {
      port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies FromParser);
    }
    port.close();
  }
}
