/**
 * Hourly housekeeping of the shared tables, as a periodic job (lib/jobs.ts): it runs once per
 * cluster per hour, whichever process claims it, never once per process. Removes rate-limit
 * counters whose window has passed, money commands' Idempotency-Keys past their 7 days (lib/once.ts), and sessions, second-factor codes and one-time links that
 * expired (or sessions revoked) more than a day ago: the day of grace keeps "your session expired"
 * answers meaningful for a while.
 */
import { lt, or } from 'drizzle-orm';
import { mfaChallenges, oneTimeTokens, rateLimits, sessions } from '../db/schema/auth';
import type { JobQueue } from './jobs';
import { purgeExpiredKeys } from './once';

export const CLEANUP_JOB = 'auth.cleanup';
const HOUR = 3_600_000;
const GRACE_MS = 24 * HOUR;

export function defineCleanupJobs(queue: JobQueue): void {
  queue.definePeriodic(CLEANUP_JOB, HOUR, async ({ db }) => {
    const now = new Date();
    const before = new Date(now.getTime() - GRACE_MS);
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
    await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
    await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before));
    await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, before));
    await purgeExpiredKeys(db);
  });
}
