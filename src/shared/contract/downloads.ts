/**
 * Generated files (Excel reports, remittance files...) are answered as `{ FileName, RelativePath }`
 * and then fetched from `api/download/file?filename=&relativepath=` (spec 000 §7 Donor report,
 * 001 §7 Negative balance). RelativePath is `downloads/{venueId}/{scope}/{id}.{ext}`: the server checks
 * that the caller belongs to that venue AND holds the role of the page that produced the file (the
 * scope) before it sends a byte; a shared device (kitchen tablet, waiter phone) downloads nothing.
 */
import { z } from 'zod/mini';
import { CASHLESS_ROLES } from '../cashless';
import { FINANCE_ROLES } from '../finance';
import { DONOR_REPORT_ROLE } from './donations';

/**
 * Who may fetch a generated file: the roles of the call that produces it (empty: any member of the
 * venue who is not a shared device, as the customers page). Files saved before scopes existed
 * (`downloads/{venueId}/{id}.{ext}`) need `DOWNLOAD_LEGACY_ROLE`.
 */
export const DOWNLOAD_SCOPES = {
  customers: '',
  remittance: FINANCE_ROLES.finance,
  'donor-report': DONOR_REPORT_ROLE,
  'negative-balance': CASHLESS_ROLES.report,
  'user-import': CASHLESS_ROLES.import,
} as const;
export type DownloadScope = keyof typeof DOWNLOAD_SCOPES;
export const DOWNLOAD_LEGACY_ROLE = 'Admin,AdminPortal';

export const DOWNLOAD_PATH = 'api/download/file';

export const downloadAnswer = z.object({ FileName: z.string(), RelativePath: z.string() });
export type DownloadAnswer = z.infer<typeof downloadAnswer>;

export const downloadQuery = z.object({
  filename: z.optional(z.string().check(z.maxLength(200))),
  relativepath: z.string().check(z.maxLength(500)),
});
