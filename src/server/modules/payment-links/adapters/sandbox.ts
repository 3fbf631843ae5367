/**
 * Sandbox card and boleto acquirer (the embedded default, labelled "sandbox" on the pay page; Pix
 * has its own sandbox, the loopback API Pix PSP in modules/pix). Card: test numbers only, decided locally:
 * numbers that pass the Luhn check are approved, except 4000 0000 0000 0002, which is declined.
 * Boleto: a valid 47-digit linha digitável (FEBRABAN check digits, src/shared/boleto.ts) under bank
 * code 000, which no bank uses, so no bank will settle it; "Simular pagamento (sandbox)" confirms it.
 *
 * Like a real acquirer held to our contract (acquirer.ts), it dedupes on the reference (the
 * Idempotency-Key): a repeat answers the first outcome and charges nothing. `SANDBOX_LEDGER` is the
 * provider's own book (charges made, requests received, per key), which tests count.
 */
import { randomUUID } from 'node:crypto';
import { buildBoleto } from '../../../../shared/boleto';
import type { Acquirer, ChargeLookup } from './types';

export const SANDBOX_DECLINED_CARD = '4000000000000002';
/** Bank code of the sandbox's boletos: not a real bank (COMPE codes start at 001). */
export const SANDBOX_BOLETO_BANK = '000';

/** 25 digits of campo livre from a payment id (a UUID): its 128 bits, decimal, last 25 digits. */
export const boletoFreeField = (reference: string) => (BigInt(`0x${reference.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 25n).toString().padStart(25, '0');

/** The sandbox provider's book for this process: per key, the first outcome and how often it was asked. */
export const SANDBOX_LEDGER = {
  outcomes: new Map<string, NonNullable<ChargeLookup>>(),
  requests: new Map<string, number>(),
  /** Charges actually made (a repeated key makes none). */
  charges: (reference: string) => (SANDBOX_LEDGER.outcomes.has(reference) ? 1 : 0),
};

export function createSandboxAcquirer(): Acquirer {
  function once(reference: string, make: () => NonNullable<ChargeLookup>): NonNullable<ChargeLookup> {
    SANDBOX_LEDGER.requests.set(reference, (SANDBOX_LEDGER.requests.get(reference) ?? 0) + 1);
    let seen = SANDBOX_LEDGER.outcomes.get(reference);
    if (!seen) {
      seen = make();
      SANDBOX_LEDGER.outcomes.set(reference, seen);
    }
    return seen;
  }
  return {
    name: 'sandbox',
    sandbox: true,
    async chargeCard(c) {
      const r = once(c.reference, () => ({ kind: 'card', status: c.card.number === SANDBOX_DECLINED_CARD ? 'declined' : 'paid', providerRef: `sandbox-card-${randomUUID()}` }));
      if (r.kind !== 'card') throw new Error('reference used for a boleto');
      return { status: r.status, providerRef: r.providerRef };
    },
    async createBoleto(c) {
      const r = once(c.reference, () => {
        const { line } = buildBoleto({ bank: SANDBOX_BOLETO_BANK, dueDate: c.dueDate, amountCents: c.amountCents, freeField: boletoFreeField(c.reference) });
        return { kind: 'boleto', line, providerRef: `sandbox-boleto-${c.reference}` };
      });
      if (r.kind !== 'boleto') throw new Error('reference used for a card');
      return { line: r.line, providerRef: r.providerRef };
    },
    async boletoStatus() {
      // The sandbox's boleto is confirmed through the page's simulate button, recorded in our database.
      return 'pending';
    },
    async lookup(reference) {
      return SANDBOX_LEDGER.outcomes.get(reference) ?? null;
    },
  };
}
