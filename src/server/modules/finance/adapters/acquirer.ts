/**
 * The acquirer over HTTP: a captured card transaction's lookup (ACQUIRER_API_URL + ACQUIRER_API_TOKEN,
 * a small JSON API of ours in front of the card acquirer, contract in types.ts), and Pix reads and
 * refunds through API Pix (modules/pix): GET /pix/{e2eid} and PUT /pix/{e2eid}/devolucao/{id}.
 */
import { PixApiError, PixUnavailableError, valorOf } from '../../pix/adapters/api-pix';
import type { PixService } from '../../pix/pix.service';
import { PIX_MSG } from '../../../../shared/pix';
import { FINANCE_MSG } from '../../../../shared/finance';
import { callProvider, type ProviderConfig } from './http';
import { type AcquirerAdapter, ProviderError, ProviderUnavailableError, PspUnavailableError } from './types';

/** A captured card transaction, asked of the acquirer at `cfg`. */
export function createHttpTransactionLookup(cfg: ProviderConfig): Pick<AcquirerAdapter, 'findTransaction'> {
  return {
    async findTransaction(id) {
      // A read: 404 is "not known"; no answer (or 5xx) throws ProviderUnavailableError, never "not found".
      const r = await callProvider<{ amountCents: number; serialNumber: string; cardLastDigits: string; capturedAt: string } | null>(cfg, 'GET', `transactions/${encodeURIComponent(id)}`).catch((err: unknown) => {
        if (err instanceof ProviderError && !(err instanceof ProviderUnavailableError) && err.status === 404) return null;
        throw err;
      });
      return r ? { ...r, capturedAt: new Date(r.capturedAt) } : null;
    },
  };
}

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

/** Pix reads and refunds through the PSP (API Pix): the same for a real acquirer and the sandbox. */
export function pspOperations(pix: PixService): Pick<AcquirerAdapter, 'pixStatus' | 'refundPix'> {
  return {
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
