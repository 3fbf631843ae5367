/**
 * The ERP (Sankhya): receives a session's orders as invoices. Sandbox by default (outside production, or
 * with ALLOW_SANDBOXES=finance); ERP_API_URL + ERP_API_TOKEN select the real one (ERP_TIMEOUT_MS:
 * how long a call may take, default 30 s).
 *
 * The ERP's contract (what a real ERP gateway behind ERP_API_URL must do; tests/support/fake-erp.ts is
 * a loopback fake written from it):
 *
 *   POST {url}/invoices
 *     Authorization: Bearer {token}
 *     Idempotency-Key: {our send id}        (a UUID, the same on every attempt of one send)
 *     body: ErpInvoice (below, JSON)
 *     → 200/201 { number: string }          the invoice was issued
 *     → 4xx { Message, errors?: string[] }  refused (an item without NCM, ...): nothing was issued
 *     → 5xx / 429 / no answer in time       unknown: ask GET /invoices/{key}, never POST blindly
 *     The ERP keeps every key (at least 7 days) with its outcome: a POST with a key it has seen
 *     issues no second invoice and answers the first one's outcome.
 *
 *   GET {url}/invoices/{key}
 *     → 200 { status: 'issued', number }    issued
 *     → 200 { status: 'refused', errors }   refused
 *     → 200 { status: 'processing' }        received, not decided yet: ask again later
 *     → 404                                 never received this key: the same POST (same key) may be sent again
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { callProvider, ProviderError, providerConfig, ProviderUnavailableError } from './http';
import { createSandboxErp } from './sandbox';

export interface ErpInvoice {
  id: string;
  orderDate: Date;
  items: Array<{ quantity: number; name: string; valueCents: number; ncm: string | null }>;
  totalCents: number;
}

/** 'unknown': the ERP did not answer in time (or 5xx/429): "em verificação", ask it by the key. */
export type ErpExportResult = { ok: true; erpNumber: string } | { ok: false; errors: string[] } | { ok: null };

export type ErpExportStatus = { status: 'issued'; erpNumber: string } | { status: 'refused'; errors: string[] } | { status: 'processing' } | { status: 'unknown' };

export interface ErpAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no ERP answers (production without ERP_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Bound of one call: the settle job waits this long before asking about a send still in flight. */
  timeoutMs: number;
  /** Sends an invoice with `key` (our send id) as its Idempotency-Key; never throws for the ERP's answers. */
  exportInvoice(invoice: ErpInvoice, key: string): Promise<ErpExportResult>;
  /** What the ERP did with the send of `key` (throws ProviderUnavailableError when it cannot say). */
  exportStatus(key: string): Promise<ErpExportStatus>;
}

export function createErp(env: Record<string, string | undefined>): ErpAdapter {
  const cfg = providerConfig(env, 'ERP');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    const message = NOT_CONFIGURED_MSG.erp;
    const refuse = () => Promise.reject(new ProviderNotConfiguredError(message));
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, timeoutMs: 0, exportInvoice: refuse, exportStatus: refuse };
  }
  if (!cfg) return createSandboxErp();
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
