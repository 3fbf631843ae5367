/**
 * Limits of the public payment pages (src/shared/public-payments.ts): attempts per address, declined
 * cards per payer (address and card fingerprint) and, past a generous per-link ceiling, a proof of
 * work instead of a lockout. Counters live in the database (rate_limits), shared by every process.
 *
 * The card fingerprint is an HMAC-SHA256 of the number with PAY_FINGERPRINT_SECRET: the number is
 * never stored, and without the secret the fingerprint cannot be brute-forced back to a number.
 * Unset, each process makes a random secret at start (the card count is then per process; the
 * address count still holds across processes).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { PAY_CHALLENGE_BITS, PAY_CHALLENGE_HEADER, PAY_CHALLENGE_TTL_S, PAY_DECLINE_LIMIT, PAY_MSG, PAY_RATE_LIMIT, PAY_RATE_WINDOW_S, PAY_TARGET_DECLINE_CEILING, hasLeadingZeroBits } from '../../../shared/public-payments';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hitRateLimit, rateLimitWait } from '../../lib/rate-limit';

const fallbackSecret = randomBytes(32);
const secretOf = (env: Record<string, string | undefined>) => env.PAY_FINGERPRINT_SECRET?.trim() || fallbackSecret;

/** HMAC of a card number (digits) with the server's secret: counts declines per card, never stored in clear. */
export function cardFingerprint(env: Record<string, string | undefined>, number: string): string {
  return createHmac('sha256', secretOf(env)).update(number.replace(/\D/g, '')).digest('hex').slice(0, 32);
}

/** Counts one public Pix, card or boleto attempt against the payer's address (every public page). */
export async function limitPublicPayment(db: Db, ip: string): Promise<void> {
  const wait = await hitRateLimit(db, `public-pay:ip:${ip}`, PAY_RATE_LIMIT, PAY_RATE_WINDOW_S);
  if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
}

export interface CardAttempt {
  ip: string;
  /** cardFingerprint of the number. */
  card: string;
  /** 'link:{id}' or 'donation:{eventId}'. */
  target: string;
  /** The PAY_CHALLENGE_HEADER value, when the page solved a challenge. */
  challenge?: string;
}

/**
 * Before a card is sent: a payer over its declines waits (429 + Retry-After); a target over its
 * ceiling takes the attempt only with a solved challenge (else 428 with a new one).
 */
export async function checkCardAttempt(db: Db, a: CardAttempt): Promise<void> {
  const wait = Math.max(await rateLimitWait(db, `pay-decline:ip:${a.ip}`, PAY_DECLINE_LIMIT), await rateLimitWait(db, `pay-decline:card:${a.card}`, PAY_DECLINE_LIMIT));
  if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
  if ((await rateLimitWait(db, `pay-decline:${a.target}`, PAY_TARGET_DECLINE_CEILING)) === 0) return;
  if (a.challenge && (await consumeChallenge(db, a.target, a.challenge))) return;
  const token = randomBytes(16).toString('base64url');
  await db.insert(rateLimits).values({ key: challengeKey(a.target, token), count: 0, resetAt: new Date(Date.now() + PAY_CHALLENGE_TTL_S * 1000) });
  throw new HttpError(428, a.challenge ? PAY_MSG.challengeInvalid : PAY_MSG.challenge, { challenge: { token, bits: PAY_CHALLENGE_BITS, header: PAY_CHALLENGE_HEADER } });
}

/** After a decline (not a replay): one more for the address, the card and the target. */
export async function countDecline(db: Db, a: CardAttempt): Promise<void> {
  await hitRateLimit(db, `pay-decline:ip:${a.ip}`, PAY_DECLINE_LIMIT, PAY_RATE_WINDOW_S);
  await hitRateLimit(db, `pay-decline:card:${a.card}`, PAY_DECLINE_LIMIT, PAY_RATE_WINDOW_S);
  await hitRateLimit(db, `pay-decline:${a.target}`, PAY_TARGET_DECLINE_CEILING, PAY_RATE_WINDOW_S);
}

const challengeKey = (target: string, token: string) => `pay-challenge:${target}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

/** A solved, unexpired challenge of this target, used once. */
async function consumeChallenge(db: Db, target: string, header: string): Promise<boolean> {
  const m = /^([A-Za-z0-9_-]{10,40}):(\d{1,12})$/.exec(header);
  if (!m) return false;
  const digest = createHash('sha256').update(`${m[1]}:${m[2]}`).digest();
  if (!hasLeadingZeroBits(digest, PAY_CHALLENGE_BITS)) return false;
  const used = await db
    .update(rateLimits)
    .set({ count: 1 })
    .where(and(eq(rateLimits.key, challengeKey(target, m[1])), eq(rateLimits.count, 0), gt(rateLimits.resetAt, sql`now()`)))
    .returning({ key: rateLimits.key });
  return used.length === 1;
}
