/**
 * Sandbox card and boleto acquirer (the embedded default, labelled "sandbox" on the pay page; Pix
 * has its own sandbox, the loopback API Pix PSP in modules/pix). Card: test numbers only, decided locally:
 * numbers that pass the Luhn check are approved, except 4000 0000 0000 0002, which is declined.
 * Boleto: a valid 47-digit linha digitável (FEBRABAN check digits, src/shared/boleto.ts) under bank
 * code 000, which no bank uses, so no bank will settle it; "Simular pagamento (sandbox)" confirms it.
 */
import { randomUUID } from 'node:crypto';
import { buildBoleto } from '../../../shared/boleto';
import type { Acquirer } from './acquirer';

export const SANDBOX_DECLINED_CARD = '4000000000000002';
/** Bank code of the sandbox's boletos: not a real bank (COMPE codes start at 001). */
export const SANDBOX_BOLETO_BANK = '000';

/** 25 digits of campo livre from a payment id (a UUID): its 128 bits, decimal, last 25 digits. */
export const boletoFreeField = (reference: string) => (BigInt(`0x${reference.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 25n).toString().padStart(25, '0');

export function createSandboxAcquirer(): Acquirer {
  return {
    name: 'sandbox',
    sandbox: true,
    async chargeCard(c) {
      const declined = c.card.number === SANDBOX_DECLINED_CARD;
      return { status: declined ? 'declined' : 'paid', providerRef: `sandbox-card-${randomUUID()}` };
    },
    async createBoleto(c) {
      const { line } = buildBoleto({ bank: SANDBOX_BOLETO_BANK, dueDate: c.dueDate, amountCents: c.amountCents, freeField: boletoFreeField(c.reference) });
      return { line, providerRef: `sandbox-boleto-${c.reference}` };
    },
    async boletoStatus() {
      // The sandbox's boleto is confirmed through the page's simulate button, recorded in our database.
      return 'pending';
    },
  };
}
