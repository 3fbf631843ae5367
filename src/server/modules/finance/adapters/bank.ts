/**
 * The bank (transfers out of the payments account). Sandbox by default (outside production, or
 * with ALLOW_SANDBOXES=finance); BANK_API_URL + BANK_API_TOKEN select the real one (BANK_TIMEOUT_MS:
 * how long a call may take, default 30 s).
 *
 * The bank's contract (what a real bank behind BANK_API_URL must do; tests/support/fake-bank.ts is a
 * loopback fake written from it):
 *
 *   POST {url}/transfers
 *     Authorization: Bearer {token}
 *     Idempotency-Key: {our transfer id}    (a UUID, the same on every attempt of one transfer)
 *     body: BankTransfer (below, JSON)
 *     → 200/201 { protocol: string }        the transfer was made
 *     → 4xx { Message }                     refused (closed account, ...): nothing was sent
 *     → 5xx / 429 / no answer in time       unknown: ask GET /transfers/{key}, never POST blindly
 *     The bank keeps every key (at least 7 days) with its outcome: a POST with a key it has seen
 *     makes no second transfer and answers the first one's outcome (422 when the body differs).
 *
 *   GET {url}/transfers/{key}
 *     → 200 { status: 'done', protocol }    made
 *     → 200 { status: 'failed', Message }   refused
 *     → 200 { status: 'processing' }        received, not decided yet: ask again later
 *     → 404                                 the bank never received this key: nothing was sent, so
 *                                           the same POST (same key) may be sent again
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { callProvider, ProviderError, providerConfig } from './http';
import { createSandboxBank } from './sandbox';

export interface BankTransfer {
  bankCode: string;
  agency: string;
  account: string;
  accountDigit: string;
  accountType: number;
  document: string;
  holderName: string;
  amountCents: number;
}

export type BankTransferStatus = { status: 'done'; protocol: string } | { status: 'failed'; reason: string } | { status: 'processing' } | { status: 'unknown' };

export interface BankAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no bank answers (production without BANK_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Seconds-level bound of one call: the settle job waits this long before asking about a transfer still in flight. */
  timeoutMs: number;
  /**
   * Sends a transfer with `key` as its Idempotency-Key; answers the bank's protocol, throws
   * ProviderError with the bank's reason, or ProviderUnavailableError when the outcome is unknown.
   */
  transfer(t: BankTransfer, key: string): Promise<{ protocol: string }>;
  /** What the bank did with the transfer of `key` (throws ProviderUnavailableError when it cannot say). */
  transferStatus(key: string): Promise<BankTransferStatus>;
}

export function createBank(env: Record<string, string | undefined>): BankAdapter {
  const cfg = providerConfig(env, 'BANK');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    const message = NOT_CONFIGURED_MSG.bank;
    const refuse = () => Promise.reject(new ProviderNotConfiguredError(message));
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, timeoutMs: 0, transfer: refuse, transferStatus: refuse };
  }
  if (!cfg) return createSandboxBank();
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    timeoutMs: cfg.timeoutMs,
    transfer: (t, key) => callProvider<{ protocol: string }>(cfg, 'POST', 'transfers', t, { idempotencyKey: key }),
    async transferStatus(key) {
      try {
        const r = await callProvider<{ status: string; protocol?: string; Message?: string }>(cfg, 'GET', `transfers/${encodeURIComponent(key)}`);
        if (r.status === 'done' && r.protocol) return { status: 'done', protocol: r.protocol };
        if (r.status === 'failed') return { status: 'failed', reason: r.Message ?? '' };
        return { status: 'processing' };
      } catch (err) {
        if (err instanceof ProviderError && err.status === 404) return { status: 'unknown' };
        throw err;
      }
    },
  };
}
