/** The bank over HTTP (BANK_API_URL + BANK_API_TOKEN), the contract in types.ts. */
import { callProvider, type ProviderConfig } from './http';
import { type BankAdapter, ProviderError } from './types';

export function createHttpBank(cfg: ProviderConfig): BankAdapter {
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
