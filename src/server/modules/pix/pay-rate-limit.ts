import { PAY_RATE_LIMIT, PAY_RATE_WINDOW_S } from '../../../shared/public-payments';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';
import { hitRateLimit } from '../../lib/rate-limit';

/**
 * Counts one public Pix or card attempt against the payer's address (shared by every public page)
 * and against the link or event paid; over either limit answers 429 with the pt-BR wait.
 */
export async function limitPublicPayment(db: Db, ip: string, target: string): Promise<void> {
  const byAddress = await hitRateLimit(db, `public-pay:ip:${ip}`, PAY_RATE_LIMIT, PAY_RATE_WINDOW_S);
  const byTarget = await hitRateLimit(db, `public-pay:${target}`, PAY_RATE_LIMIT, PAY_RATE_WINDOW_S);
  const wait = Math.max(byAddress, byTarget);
  if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
}
