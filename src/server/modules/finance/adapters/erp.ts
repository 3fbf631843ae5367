/**
 * The ERP (Sankhya): receives a session's orders as invoices. Sandbox by default (outside production, or
 * with ALLOW_SANDBOXES=finance); ERP_API_URL + ERP_API_TOKEN select the real one.
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { callProvider, providerConfig } from './http';
import { createSandboxErp } from './sandbox';

export interface ErpInvoice {
  id: string;
  orderDate: Date;
  items: Array<{ quantity: number; name: string; valueCents: number; ncm: string | null }>;
  totalCents: number;
}

export type ErpExportResult = { ok: true; erpNumber: string } | { ok: false; errors: string[] };

export interface ErpAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no ERP answers (production without ERP_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  exportInvoice(invoice: ErpInvoice): Promise<ErpExportResult>;
}

export function createErp(env: Record<string, string | undefined>): ErpAdapter {
  const cfg = providerConfig(env, 'ERP');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    const message = NOT_CONFIGURED_MSG.erp;
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, exportInvoice: () => Promise.reject(new ProviderNotConfiguredError(message)) };
  }
  if (!cfg) return createSandboxErp();
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    async exportInvoice(invoice) {
      try {
        const r = await callProvider<{ number: string }>(cfg, 'POST', 'invoices', invoice);
        return { ok: true, erpNumber: r.number };
      } catch (err) {
        return { ok: false, errors: [(err as Error).message] };
      }
    },
  };
}
