/**
 * The acquirer (card and Pix payments): looks up a captured transaction, reads a Pix order's status
 * and refunds it. Sandbox by default; ACQUIRER_API_URL + ACQUIRER_API_TOKEN select the real one.
 */
import { callProvider, providerConfig } from './http';
import { createSandboxAcquirer } from './sandbox';

export interface AcquiredTransaction {
  amountCents: number;
  serialNumber: string;
  cardLastDigits: string;
  capturedAt: Date;
}

export type PixRemoteStatus = 'pending' | 'approved' | 'cancelled';

export interface AcquirerAdapter {
  name: string;
  sandbox: boolean;
  /** A transaction the acquirer captured (totem processing), or null when it does not know it. */
  findTransaction(acquirerTransactionId: string): Promise<AcquiredTransaction | null>;
  pixStatus(endToEndId: string): Promise<{ status: PixRemoteStatus; approvedAt: Date | null }>;
  refundPix(endToEndId: string, amountCents: number): Promise<{ refundId: string }>;
}

export function createAcquirer(env: Record<string, string | undefined>): AcquirerAdapter {
  const cfg = providerConfig(env, 'ACQUIRER');
  if (!cfg) return createSandboxAcquirer();
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    async findTransaction(id) {
      const r = await callProvider<{ amountCents: number; serialNumber: string; cardLastDigits: string; capturedAt: string } | null>(cfg, 'GET', `transactions/${encodeURIComponent(id)}`).catch(() => null);
      return r ? { ...r, capturedAt: new Date(r.capturedAt) } : null;
    },
    async pixStatus(e2e) {
      const r = await callProvider<{ status: PixRemoteStatus; approvedAt: string | null }>(cfg, 'GET', `pix/${encodeURIComponent(e2e)}`);
      return { status: r.status, approvedAt: r.approvedAt ? new Date(r.approvedAt) : null };
    },
    async refundPix(e2e, amountCents) {
      return callProvider<{ refundId: string }>(cfg, 'POST', `pix/${encodeURIComponent(e2e)}/refunds`, { amountCents });
    },
  };
}
