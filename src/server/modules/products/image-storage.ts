/**
 * Images of products, categories and stores, kept in the shared file storage (local disk or S3)
 * under `uploads/{venueId}/`, so every server process serves every image. The file name is the
 * content's hash, so a served image never changes and may be cached for a year. The declared type
 * must match the file's first bytes, and the size limit is the spec's (5,500,000 bytes).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES, PRODUCT_MSG } from '../../../shared/products';
import { CATALOGUE_PATHS } from '../../../shared/contract/products';
import { BUNDLED_ICON_RE, OWN_IMAGE_RE } from '../../../shared/contract/common';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
export const CONTENT_TYPE: Record<string, string> = Object.fromEntries(Object.entries(EXT).map(([t, e]) => [e, t]));
export const IMAGE_FILE_RE = /^[a-f0-9]{40}\.(png|jpg|webp|gif)$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The type the bytes say they are, or null. */
export function sniffImageType(buf: Buffer): string | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export interface ImageStorage {
  /** Stores a `data:image/...;base64,` URL and answers the address it is served from. */
  saveDataUrl(venueId: string, dataUrl: string): Promise<string>;
  /**
   * What to keep for an image field: a data URL is stored; our own address, an http(s) address or
   * nothing are kept as they are. Anything else is refused.
   */
  resolve(venueId: string, value: string | null | undefined): Promise<string | null>;
  /** Whether this venue has a stored image of that name. */
  exists(venueId: string, file: string): Promise<boolean>;
  /** The stored image's bytes as a stream, or null (bad names included). */
  open(venueId: string, file: string): Promise<Readable | null>;
}

/** Images live in the shared file storage under `uploads/{venueId}/{hash}.{ext}`, so every process serves them. */
export function createImageStorage(files: FileStorage): ImageStorage {
  const key = (venueId: string, file: string) => `uploads/${venueId.toLowerCase()}/${file}`;
  const valid = (venueId: string, file: string) => UUID_RE.test(venueId) && IMAGE_FILE_RE.test(file);

  async function saveDataUrl(venueId: string, dataUrl: string): Promise<string> {
    const m = /^data:([a-z/+.-]+);base64,(.*)$/is.exec(dataUrl.trim());
    if (!m) throw new HttpError(400, PRODUCT_MSG.imageUnreadable);
    const declared = m[1].toLowerCase();
    if (!EXT[declared]) throw new HttpError(400, PRODUCT_MSG.imageType);
    // 4 base64 characters carry 3 bytes: refuse before decoding anything far too large.
    if (Math.floor((m[2].length * 3) / 4) > IMAGE_MAX_BYTES + 3) throw new HttpError(400, PRODUCT_MSG.imageTooLarge);
    const buf = Buffer.from(m[2], 'base64');
    if (buf.length > IMAGE_MAX_BYTES) throw new HttpError(400, PRODUCT_MSG.imageTooLarge);
    if (buf.length === 0) throw new HttpError(400, PRODUCT_MSG.imageUnreadable);
    const actual = sniffImageType(buf);
    if (actual !== declared) throw new HttpError(400, PRODUCT_MSG.imageType);
    const name = `${createHash('sha1').update(buf).digest('hex')}.${EXT[actual]}`;
    // The name is the content's hash: an existing file already holds these bytes.
    if (!(await files.exists(key(venueId, name)))) await files.put(key(venueId, name), buf);
    return `/${CATALOGUE_PATHS.images}/${venueId}/${name}`;
  }

  const exists = async (venueId: string, file: string) => valid(venueId, file) && files.exists(key(venueId, file));

  return {
    saveDataUrl,
    exists,
    async open(venueId, file) {
      return valid(venueId, file) ? files.get(key(venueId, file)) : null;
    },
    async resolve(venueId, value) {
      const v = (value ?? '').trim();
      if (!v) return null;
      if (v.startsWith('data:')) return saveDataUrl(venueId, v);
      // Our own address only for a file of this venue that we stored (no "../" tricks).
      const own = OWN_IMAGE_RE.exec(v);
      if (own && own[1].toLowerCase() === venueId.toLowerCase() && (await exists(venueId, own[2]))) return v;
      if (/^https?:\/\/[^\s]+$/i.test(v) || BUNDLED_ICON_RE.test(v)) return v.slice(0, 2000);
      throw new HttpError(400, PRODUCT_MSG.imageUnreadable);
    },
  };
}
