/**
 * Multipart uploads of the cashless screens (user import CSV, extract TXT): the place comes first
 * (query or a field sent before the file) and is checked before a byte is stored; the file is
 * streamed to the file storage under a key of ours, its size capped and its bytes checked to be text
 * (the user's file name and declared type are never trusted; the name's extension is only the
 * spec's first filter).
 */
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CASHLESS_MSG } from '../../../shared/cashless';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { rememberPlace, requireVenue } from '../../plugins/auth';

/** Magic numbers of binary files people pick by mistake (spreadsheets, PDFs, images, archives). */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // zip, xlsx, docx
  [0xd0, 0xcf, 0x11, 0xe0], // old Office (xls)
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // rar
];

export class NotTextError extends Error {}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * Passes the bytes through, failing on a binary signature, a NUL byte or more than `max` bytes; with
 * `workbook`, the bytes must instead be a zip (an .xlsx), only capped.
 */
export function textGuard(max: number, workbook = false): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      if (workbook) {
        if (seen === 0 && !ZIP.every((b, i) => chunk[i] === b)) return cb(new NotTextError('not a workbook'));
        seen += chunk.length;
        if (seen > max) return cb(new HttpError(413, CASHLESS_MSG.fileTooLarge(Math.round(max / 1024 / 1024))));
        return cb(null, chunk);
      }
      if (seen === 0 && BINARY_SIGNATURES.some((sig) => sig.every((b, i) => chunk[i] === b))) return cb(new NotTextError('binary signature'));
      seen += chunk.length;
      if (seen > max) return cb(new HttpError(413, CASHLESS_MSG.fileTooLarge(Math.round(max / 1024 / 1024))));
      if (chunk.includes(0)) return cb(new NotTextError('NUL byte'));
      cb(null, chunk);
    },
  });
}

export interface StoredUpload {
  venueId: string;
  key: string;
  size: number;
  fileName: string;
  fields: Record<string, string>;
  /** The file is an Excel workbook (stored as .xlsx). */
  workbook: boolean;
}

/**
 * Reads a multipart request with one file: checks the place (field `LocalId`, or `localId` in the
 * query) and role, the name with `nameOk`, then streams the text file to `{venueId}/{folder}/{uuid}.{ext}`.
 */
export async function receiveTextUpload(
  req: FastifyRequest,
  opts: {
    db: Db;
    files: FileStorage;
    role: string;
    folder: string;
    ext: string;
    maxBytes: number;
    nameOk: (name: string) => boolean;
    /** Names taken as an .xlsx workbook (binary, zip-signed) instead of text. */
    workbook?: (name: string) => boolean;
    /** The spec's call names no place (api/eletronicExtract/): without one, the session's current place. */
    currentPlaceWhenUnnamed?: boolean;
  },
): Promise<StoredUpload> {
  if (!req.isMultipart()) throw new HttpError(400, CASHLESS_MSG.fileRequired);
  const fields: Record<string, string> = {};
  const query = req.query as Record<string, unknown>;
  for (const [k, v] of Object.entries(query ?? {})) if (typeof v === 'string') fields[k] = v;
  let stored: StoredUpload | null = null;
  for await (const part of req.parts({ limits: { files: 1, fields: 10, fieldSize: 1000, fileSize: opts.maxBytes + 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const file = part as MultipartFile;
    if (stored) {
      file.file.resume();
      continue;
    }
    const localId = fields.LocalId ?? fields.localId ?? fields.localClienteId;
    let venueId: string;
    try {
      if (!localId && !opts.currentPlaceWhenUnnamed) throw new HttpError(400, CASHLESS_MSG.localRequired);
      ({ venueId } = await requireVenue(opts.db, req, localId, opts.role));
      // A place named in a form field makes it current too (the auth hook reads query and body only).
      if (localId) await rememberPlace(opts.db, req, venueId);
      if (!opts.nameOk(file.filename ?? '')) throw new HttpError(400, CASHLESS_MSG.invalidFile);
    } catch (err) {
      file.file.resume();
      throw err;
    }
    const workbook = opts.workbook?.(file.filename ?? '') ?? false;
    const key = `${venueId}/${opts.folder}/${randomUUID()}.${workbook ? 'xlsx' : opts.ext}`;
    const guard = textGuard(opts.maxBytes, workbook);
    // The storage's pipeline reports the guard's error; this listener keeps a late one from being uncaught.
    guard.on('error', () => undefined);
    try {
      const { size } = await opts.files.put(key, file.file.pipe(guard));
      if (file.file.truncated) throw new HttpError(413, CASHLESS_MSG.fileTooLarge(Math.round(opts.maxBytes / 1024 / 1024)));
      if (size === 0) throw new HttpError(400, CASHLESS_MSG.invalidFile);
      stored = { venueId, key, size, fileName: (file.filename ?? '').slice(0, 200), fields, workbook };
    } catch (err) {
      file.file.unpipe(guard);
      file.file.resume();
      await opts.files.delete(key).catch(() => undefined);
      if (err instanceof HttpError) throw err;
      if (err instanceof NotTextError) throw new HttpError(400, CASHLESS_MSG.invalidFile);
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CASHLESS_MSG.fileTooLarge(Math.round(opts.maxBytes / 1024 / 1024)));
      throw err;
    }
  }
  if (!stored) throw new HttpError(400, CASHLESS_MSG.fileRequired);
  return stored;
}

export { looksUtf8 } from './text-encoding';
