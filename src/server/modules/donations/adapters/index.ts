/**
 * The donations' card acquirer chosen from the configuration: DONATION_ACQUIRER_URL +
 * DONATION_ACQUIRER_TOKEN (+ DONATION_ACQUIRER_TIMEOUT_MS) is a real provider (http.ts); without it
 * the labelled sandbox (sandbox.ts). In production without a provider there is none (unless
 * ALLOW_SANDBOX_PAYMENTS=true): the donor's page says card payments are not set up.
 */
import { sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpAcquirer } from './http';
import { createSandboxAcquirer } from './sandbox';
import type { Acquirer } from './types';

export type * from './types';
export { DonationAcquirerUnavailableError } from './types';

export function createAcquirer(env: Record<string, string | undefined>): Acquirer | null {
  const url = env.DONATION_ACQUIRER_URL?.trim();
  const timeoutMs = Number(env.DONATION_ACQUIRER_TIMEOUT_MS) > 0 ? Number(env.DONATION_ACQUIRER_TIMEOUT_MS) : undefined;
  if (url) return createHttpAcquirer(url, env.DONATION_ACQUIRER_TOKEN, timeoutMs);
  return sandboxAllowed(env, 'donations') ? createSandboxAcquirer() : null;
}
