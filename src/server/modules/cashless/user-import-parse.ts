/**
 * The CPU half of the user import, run in a worker thread (user-import.worker.mjs): the CSV bytes
 * come in as chunks, are decoded (UTF-8 or Windows-1252, sniffed from the first 64 KB), parsed with
 * papaparse and checked row by row with the shared rules; repeats inside the file are caught here.
 * It posts batches of valid users (with the rows refused meanwhile) for the main thread to write.
 * Only light imports: papaparse and the shared rules.
 */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { MessagePort } from 'node:worker_threads';
import Papa from 'papaparse';
import { IMPORT_DELIMITER, IMPORT_REASON, isImportHeader, validateImportRow, type ImportUser } from '../../../shared/cashless';
import { looksUtf8 } from './text-encoding';

export interface RefusedRow {
  line: number;
  name: string;
  document: string;
  status: 'ignorado';
  reason: string;
}
export type ToParser = { type: 'chunk'; data: Uint8Array } | { type: 'end' };
export type FromParser =
  | { type: 'batch'; valid: Array<{ line: number; user: ImportUser }>; refused: RefusedRow[] }
  | { type: 'done'; total: number; lines: number }
  | { type: 'header' }
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

/** Parses what arrives on `port` and answers batches of at most `batch` valid users. */
export function runImportParser(port: MessagePort, batch: number): void {
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
      const text = new PassThrough();
      text.write(head);
      source.pipe(text);
      const parser = text.pipe(decoder(encoding)).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: IMPORT_DELIMITER, skipEmptyLines: 'greedy' }));
      const seen = new Set<string>();
      let valid: Array<{ line: number; user: ImportUser }> = [];
      let refused: RefusedRow[] = [];
      let line = 0;
      let total = 0;
      const post = () => {
        if (!valid.length && !refused.length) return;
        port.postMessage({ type: 'batch', valid, refused } satisfies FromParser);
        valid = [];
        refused = [];
      };
      for await (const cells of parser as AsyncIterable<string[]>) {
        line++;
        if (line === 1) {
          if (!isImportHeader(cells)) {
            port.postMessage({ type: 'header' } satisfies FromParser);
            port.close();
            return;
          }
          continue;
        }
        total++;
        const r = validateImportRow(cells);
        if (!r.ok) refused.push({ line, name: r.name, document: r.document, status: 'ignorado', reason: r.reason });
        else if (seen.has(r.user.document)) refused.push({ line, name: r.user.name, document: r.user.document, status: 'ignorado', reason: IMPORT_REASON.duplicate });
        else {
          seen.add(r.user.document);
          valid.push({ line, user: r.user });
          if (valid.length >= batch) post();
        }
        if (refused.length >= batch) post();
      }
      post();
      port.postMessage({ type: 'done', total, lines: line } satisfies FromParser);
    } catch (err) {
      port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies FromParser);
    }
    port.close();
  }
}
