/**
 * The embedded sandboxes (labelled "Sandbox" on every finance screen). They answer like the real
 * providers, deterministically, so every path can be tried without an account:
 * - acquirer: a transaction id ending in "0000" is unknown (Pix goes to the loopback API Pix PSP,
 *   which has received every Pix of the ledger except those whose end-to-end id ends in "9");
 * - bank: account "0" is refused (closed account), every other transfer gets a protocol;
 * - ERP: an item without NCM is refused with the ERP's message; the rest is integrated.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { financePixOrders } from '../../../db/schema/finance';
import { valorOf } from '../../pix/adapters/api-pix';
import type { PixSource } from '../../pix/adapters/sandbox';
import type { Tx } from '../../orders/orders.repository';
import { type AcquirerAdapter, type BankAdapter, type ErpAdapter, type ErpExportStatus, ProviderError } from './types';

export const SANDBOX_UNKNOWN_SUFFIX = '0000';

/** A key's outcome as a provider that dedupes on keys keeps it: the first call's, for every call with that key. */
function firstOutcome<T>(seen: Map<string, T>, key: string, make: () => T): T {
  if (!seen.has(key)) seen.set(key, make());
  return seen.get(key) as T;
}

function hashInt(s: string): number {
  return createHash('sha256').update(s).digest().readUInt32BE(0);
}

export function createSandboxAcquirer(): Pick<AcquirerAdapter, 'name' | 'sandbox' | 'findTransaction'> {
  return {
    name: 'Sandbox',
    sandbox: true,
    async findTransaction(id) {
      if (id.toUpperCase().endsWith(SANDBOX_UNKNOWN_SUFFIX)) return null;
      const h = hashInt(id);
      return {
        amountCents: 1_000 + (h % 49_000),
        serialNumber: `TOT${String(h % 100_000).padStart(5, '0')}`,
        cardLastDigits: String(h % 10_000).padStart(4, '0'),
        capturedAt: new Date(Date.now() - (h % 48) * 3_600_000),
      };
    },
  };
}

/**
 * The transaction a finance call to the PSP is made in. The sandbox PSP runs in this process and reads
 * the ledger; on embedded PGlite (one session) a read outside the open transaction would wait for it
 * forever, so it reads through the transaction instead.
 */
export const ledgerTx = new AsyncLocalStorage<Tx>();

/** The loopback PSP's view of the ledger: every Pix order was received, except e2e ids ending in 9. */
export function ledgerPixSource(db: Db): PixSource {
  return async (e2eid) => {
    if (e2eid.endsWith('9')) return null;
    const q = ledgerTx.getStore() ?? db;
    const [o] = await q.select().from(financePixOrders).where(eq(financePixOrders.endToEndId, e2eid));
    return o ? { endToEndId: e2eid, valor: valorOf(o.amountCents), horario: (o.approvedAt ?? o.createdAt).toISOString(), devolucoes: [] } : null;
  };
}

/**
 * The sandbox bank keeps the bank contract's rule (adapters/types.ts): a key it has seen makes no
 * second transfer and answers the first one's outcome; GET by key says what it did. It lives in
 * this process's memory, as a sandbox may.
 */
export function createSandboxBank(): BankAdapter {
  const seen = new Map<string, { protocol: string } | { refused: string }>();
  return {
    name: 'Sandbox',
    sandbox: true,
    timeoutMs: 30_000,
    async transfer(t, key) {
      const outcome = firstOutcome(seen, key, () =>
        /^0+$/.test(t.account) ? { refused: 'Conta de destino encerrada.' } : { protocol: `BS2${Date.now().toString(36).toUpperCase()}${hashInt(key).toString(36).toUpperCase()}` },
      );
      if ('refused' in outcome) throw new ProviderError(outcome.refused, 422);
      return { protocol: outcome.protocol };
    },
    async transferStatus(key) {
      const outcome = seen.get(key);
      if (!outcome) return { status: 'unknown' };
      return 'refused' in outcome ? { status: 'failed', reason: outcome.refused } : { status: 'done', protocol: outcome.protocol };
    },
  };
}

export function createSandboxErp(): ErpAdapter {
  // The sandbox keeps every key with its outcome, as the ERP's contract says (adapters/types.ts).
  const outcomes = new Map<string, ErpExportStatus>();
  return {
    name: 'Sandbox',
    sandbox: true,
    timeoutMs: 30_000,
    async exportInvoice(invoice, key) {
      const o = firstOutcome(outcomes, key, (): ErpExportStatus => {
        const missing = invoice.items.filter((i) => !i.ncm);
        return missing.length ? { status: 'refused', errors: missing.map((i) => `Produto "${i.name}" sem NCM cadastrado no ERP.`) } : { status: 'issued', erpNumber: String(100_000 + (hashInt(invoice.id) % 900_000)) };
      });
      return o.status === 'issued' ? { ok: true, erpNumber: o.erpNumber } : o.status === 'refused' ? { ok: false, errors: o.errors } : { ok: null };
    },
    async exportStatus(key) {
      return outcomes.get(key) ?? { status: 'unknown' };
    },
  };
}
