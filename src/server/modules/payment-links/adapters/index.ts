/**
 * The pay page's acquirer chosen from the configuration: PAYMENT_ACQUIRER_URL +
 * PAYMENT_ACQUIRER_TOKEN is a real provider (http.ts); without it the sandbox (sandbox.ts, shown as
 * "sandbox" on the page). In production without a provider there is none (unless
 * ALLOW_SANDBOX_PAYMENTS=true): the page says payments are not set up.
 */
import { sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpAcquirer } from './http';
import { createSandboxAcquirer } from './sandbox';
import type { Acquirer } from './types';

export type * from './types';
export { AcquirerUnavailableError } from './types';

export async function createAcquirer(env: Record<string, string | undefined>): Promise<Acquirer | null> {
  const url = env.PAYMENT_ACQUIRER_URL?.trim();
  if (url) {
    const timeoutMs = Number(env.PAYMENT_ACQUIRER_TIMEOUT_MS) > 0 ? Number(env.PAYMENT_ACQUIRER_TIMEOUT_MS) : undefined;
    return createHttpAcquirer({ baseUrl: url, token: env.PAYMENT_ACQUIRER_TOKEN ?? '', name: env.PAYMENT_ACQUIRER_NAME?.trim() || 'Adquirente', timeoutMs });
  }
  if (!sandboxAllowed(env, 'payments')) return null;
  return createSandboxAcquirer();
}
