/**
 * Generated files for download: a module saves its bytes with `saveDownload` and answers the
 * `{ FileName, RelativePath }` the spec's clients expect; `GET api/download/file` serves them to
 * members of the file's venue only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DOWNLOAD_LEGACY_ROLE, DOWNLOAD_PATH, DOWNLOAD_SCOPES, downloadQuery, type DownloadAnswer, type DownloadScope } from '../../../shared/contract/downloads';
import { MSG } from '../../../shared/messages';
import { isDeviceAccount } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { requireVenue } from '../../plugins/auth';

const CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  rem: 'text/plain; charset=utf-8',
};

/** `downloads/{venue}/{scope}/{id}.{ext}`, or the older `downloads/{venue}/{id}.{ext}` (no scope). */
const RELATIVE_RE = /^downloads\/([0-9a-f-]{36})\/(?:([a-z-]{1,40})\/)?([0-9a-f-]{36})\.([a-z0-9]{1,5})$/i;

/** Stores a generated file for the venue, readable by the roles of `scope`, and answers what the client fetches it by. */
export async function saveDownload(files: FileStorage, venueId: string, scope: DownloadScope, fileName: string, ext: string, body: Buffer): Promise<DownloadAnswer> {
  const key = `downloads/${venueId}/${scope}/${randomUUID()}.${ext.toLowerCase()}`;
  await files.put(key, body);
  return { FileName: fileName, RelativePath: key };
}

/** A file name safe for Content-Disposition (ASCII fallback plus the UTF-8 form). */
function disposition(name: string): string {
  const clean = name.replace(/[\r\n"\\/]/g, '').slice(0, 150) || 'arquivo';
  const ascii = clean.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

export function downloadRoutes(app: FastifyInstance, opts: { db: Db; files: FileStorage }): void {
  app.get(`/${DOWNLOAD_PATH}`, { schema: { querystring: downloadQuery } }, async (req, reply) => {
    const { filename, relativepath } = req.query as { filename?: string; relativepath: string };
    const m = RELATIVE_RE.exec(relativepath);
    if (!m) throw new HttpError(404, MSG.fileNotFound);
    const [venue, scope, id, ext] = [m[1]!.toLowerCase(), m[2]?.toLowerCase(), m[3]!.toLowerCase(), m[4]!.toLowerCase()];
    if (scope !== undefined && !(scope in DOWNLOAD_SCOPES)) throw new HttpError(404, MSG.fileNotFound);
    const role = scope === undefined ? DOWNLOAD_LEGACY_ROLE : DOWNLOAD_SCOPES[scope as DownloadScope];
    const { roles } = await requireVenue(opts.db, req, venue, role);
    // A shared device produces no export, so it fetches none (its roles pass an empty scope's check).
    if (isDeviceAccount(roles)) throw new HttpError(403, MSG.accessDenied);
    const key = scope === undefined ? `downloads/${venue}/${id}.${ext}` : `downloads/${venue}/${scope}/${id}.${ext}`;
    const stream = await opts.files.get(key);
    if (!stream) throw new HttpError(404, MSG.fileNotFound);
    reply.header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    reply.header('content-disposition', disposition(filename || `arquivo.${ext}`));
    reply.header('cache-control', 'private, no-store');
    return reply.send(stream);
  });
}
