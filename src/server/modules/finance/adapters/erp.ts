/** The ERP over HTTP (ERP_API_URL + ERP_API_TOKEN), the contract in types.ts. */
import { callProvider, type ProviderConfig } from './http';
import { type ErpAdapter, ProviderError, ProviderUnavailableError } from './types';

export function createHttpErp(cfg: ProviderConfig): ErpAdapter {
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    timeoutMs: cfg.timeoutMs,
    async exportInvoice(invoice, key) {
      try {
        const r = await callProvider<{ number: string }>(cfg, 'POST', 'invoices', invoice, { idempotencyKey: key });
        return { ok: true, erpNumber: r.number };
      } catch (err) {
        if (err instanceof ProviderUnavailableError || !(err instanceof ProviderError)) return { ok: null };
        const errors = (err.body as { errors?: unknown } | null)?.errors;
        return { ok: false, errors: Array.isArray(errors) && errors.length ? errors.map(String) : [err.message] };
      }
    },
    async exportStatus(key) {
      try {
        const r = await callProvider<{ status: string; number?: string; errors?: string[]; Message?: string }>(cfg, 'GET', `invoices/${encodeURIComponent(key)}`);
        if (r.status === 'issued' && r.number) return { status: 'issued', erpNumber: r.number };
        if (r.status === 'refused') return { status: 'refused', errors: r.errors?.length ? r.errors : [r.Message ?? ''] };
        return { status: 'processing' };
      } catch (err) {
        if (err instanceof ProviderError && !(err instanceof ProviderUnavailableError) && err.status === 404) return { status: 'unknown' };
        throw err;
      }
    },
  };
}
