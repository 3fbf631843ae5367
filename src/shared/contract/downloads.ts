/**
 * Generated files (Excel reports, remittance files...) are answered as `{ FileName, RelativePath }`
 * and then fetched from `api/download/file?filename=&relativepath=` (spec 000 §7 Donor report,
 * 001 §7 Negative balance). RelativePath is `downloads/{venueId}/{id}.{ext}`: the server checks that
 * the caller belongs to that venue before it sends a byte.
 */
import { z } from 'zod/mini';

export const DOWNLOAD_PATH = 'api/download/file';

export const downloadAnswer = z.object({ FileName: z.string(), RelativePath: z.string() });
export type DownloadAnswer = z.infer<typeof downloadAnswer>;

export const downloadQuery = z.object({
  filename: z.optional(z.string().check(z.maxLength(200))),
  relativepath: z.string().check(z.maxLength(500)),
});
