/**
 * The acquirer: looks up a captured card transaction (ACQUIRER_API_URL + ACQUIRER_API_TOKEN, a small
 * JSON API of ours in front of the card acquirer; sandbox by default outside production), and reads and refunds Pix
 * through API Pix (modules/pix): GET /pix/{e2eid} and PUT /pix/{e2eid}/devolucao/{id}.
 */
import { PixApiError, PixUnavailableError, valorOf } from '../../pix/api-pix-client';
import type { PixService } from '../../pix/pix.service';
import { PIX_MSG } from '../../../../shared/pix';
import { FINANCE_MSG } from '../../../../shared/finance';
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { callProvider, ProviderError, providerConfig, ProviderUnavailableError } from './http';
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
  /** Set when no acquirer answers (production without ACQUIRER_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /**
   * A transaction the acquirer captured (totem processing), or null when it does not know it (404);
   * throws ProviderUnavailableError when it did not answer. A read (GET transactions/{id}): repeating
   * it changes nothing at the acquirer, so it needs no Idempotency-Key.
   */
  findTransaction(acquirerTransactionId: string): Promise<AcquiredTransaction | null>;
  pixStatus(endToEndId: string): Promise<{ status: PixRemoteStatus; approvedAt: Date | null }>;
  /** Refund `refundId` (ours, 1 to 35 letters and digits: the same id again is the same refund). */
  refundPix(endToEndId: string, amountCents: number, refundId: string): Promise<{ refundId: string }>;
}

/** The PSP could not be reached (or answered 5xx/429 after the client's retries): worth trying again later. */
export class PspUnavailableError extends ProviderUnavailableError {}

/** PSP failures as the finance screens say them (a ProviderError's message is shown as is). */
async function viaPsp<T>(pix: PixService, run: (client: NonNullable<PixService['client']>) => Promise<T>): Promise<T> {
  if (!pix.client) throw new ProviderError(PIX_MSG.notConfigured);
  try {
    return await run(pix.client);
  } catch (err) {
    if (err instanceof PixUnavailableError) throw new PspUnavailableError(PIX_MSG.pspUnavailable);
    if (err instanceof PixApiError) {
      const reason = err.problem?.violacoes?.[0]?.razao ?? err.problem?.detail;
      throw new ProviderError(reason ? `${FINANCE_MSG.pixRefusedByPsp} ${reason}` : FINANCE_MSG.pixRefusedByPsp);
    }
    throw err;
  }
}

export function createAcquirer(env: Record<string, string | undefined>, pix: PixService): AcquirerAdapter {
  const cfg = providerConfig(env, 'ACQUIRER');
  const sandbox = createSandboxAcquirer();
  const off = !cfg && !sandboxAllowed(env, 'finance') ? NOT_CONFIGURED_MSG.financeAcquirer : undefined;
  return {
    name: cfg ? new URL(cfg.baseUrl).host : off ? NOT_CONFIGURED_NAME : sandbox.name,
    sandbox: !off && (!cfg || pix.mode === 'sandbox'),
    notConfigured: off,
    async findTransaction(id) {
      if (off) throw new ProviderNotConfiguredError(off);
      if (!cfg) return sandbox.findTransaction(id);
      // A read: 404 is "not known"; no answer (or 5xx) throws ProviderUnavailableError, never "not found".
      const r = await callProvider<{ amountCents: number; serialNumber: string; cardLastDigits: string; capturedAt: string } | null>(cfg, 'GET', `transactions/${encodeURIComponent(id)}`).catch((err: unknown) => {
        if (err instanceof ProviderError && !(err instanceof ProviderUnavailableError) && err.status === 404) return null;
        throw err;
      });
      return r ? { ...r, capturedAt: new Date(r.capturedAt) } : null;
    },
    async pixStatus(e2e) {
      // A Pix the PSP has received is settled (approved); one it does not know yet is still pending.
      const p = await viaPsp(pix, (c) => c.getPix(e2e));
      return p ? { status: 'approved', approvedAt: new Date(p.horario) } : { status: 'pending', approvedAt: null };
    },
    async refundPix(e2e, amountCents, refundId) {
      const d = await viaPsp(pix, (c) => c.putDevolucao(e2e, refundId, { valor: valorOf(amountCents) }));
      if (d.status === 'NAO_REALIZADO') throw new ProviderError(FINANCE_MSG.pixRefusedByPsp);
      return { refundId: d.rtrId };
    },
  };
}
