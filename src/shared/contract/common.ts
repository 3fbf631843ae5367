/**
 * Contracts are written with zod/mini: the same schemas validate on the server and in the browser,
 * and mini keeps the sign-in screen's JavaScript inside its budget (see bench/).
 */
import { z } from 'zod/mini';
import '../zod-locale';

/** Every error body the API answers: the spec's clients read `Message`. */
export const errorBody = z.object({
  Message: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** Seconds until a rate-limited call may be tried again (429). */
  retryAfter: z.optional(z.number().check(z.int())),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A string trimmed before its checks run. */
export const trimmed = () => z.pipe(z.string().check(z.trim()), z.string());

/**
 * An image reference to a file we stored: `/api/imagens/{venueId}/{sha1}.{ext}` (or a bundled
 * icon). Anything else that looks like a path (`/api/imagens/../../etc/passwd`) is refused.
 */
export const OWN_IMAGE_RE = /^\/api\/imagens\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-f0-9]{40}\.(?:png|jpg|webp|gif))$/i;
export const BUNDLED_ICON_RE = /^\/icons\/[a-z0-9-]+\.(?:png|svg)$/;
