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

/** The answer of a command that only says how it went: the toast's text. */
export const messageAnswer = z.object({ Message: z.string() });
/** A create or an edit: the row's id and the toast's text. */
export const savedAnswer = z.object({ id: z.string(), Message: z.string() });

/** A string trimmed before its `checks` run. */
export const trimmed = (...checks: Parameters<ReturnType<typeof z.string>['check']>) => z.pipe(z.string().check(z.trim()), z.string().check(...checks));
/** A string trimmed, then of at most `max` characters. */
export const trimmedMax = (max: number) => trimmed(z.maxLength(max));
/**
 * A required text trimmed before its checks: `required` when missing or blank, `tooLong` above `max`
 * characters (one message for both when `msg` is a string).
 */
export const requiredText = (max: number, msg: string | { required: string; tooLong: string }) => {
  const { required, tooLong } = typeof msg === 'string' ? { required: msg, tooLong: msg } : msg;
  return z.pipe(z.string({ error: required }).check(z.trim()), z.string().check(z.minLength(1, required), z.maxLength(max, tooLong)));
};

/** A GUID: any 8-4-4-4-12 hex string (zod's guid). */
export const guid = () => z.guid();
/**
 * Any 8-4-4-4-12 hex id by pattern, answered with "Identificador inválido." (the board's and the
 * waiter's calls; the placeholder carrier id is all letters A, still hex).
 */
export const guidText = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Identificador inválido.'));

/** An option a select offers: its id and its text. */
export const describedOption = z.object({ id: z.string(), descricao: z.string() });

/**
 * An image reference to a file we stored: `/api/imagens/{venueId}/{sha1}.{ext}` (or a bundled
 * icon). Anything else that looks like a path (`/api/imagens/../../etc/passwd`) is refused.
 */
export const OWN_IMAGE_RE = /^\/api\/imagens\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-f0-9]{40}\.(?:png|jpg|webp|gif))$/i;
export const BUNDLED_ICON_RE = /^\/icons\/[a-z0-9-]+\.(?:png|svg)$/;

/** Bounds of the database columns numbers land in (integer: int4; money: cents in an int4). */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const MONEY_MAX = Math.floor(INT32_MAX / 100);

/** A whole number that fits an integer column. */
export const int32 = () => z.number().check(z.int(), z.minimum(INT32_MIN), z.maximum(INT32_MAX));
/** An amount in reais whose cents fit an integer column (R$ 21.474.836,00 at most). */
export const money = () => z.number().check(z.minimum(-MONEY_MAX), z.maximum(MONEY_MAX));
