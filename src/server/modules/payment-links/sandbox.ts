/**
 * Sandbox acquirer (the embedded default, labelled "sandbox" on the pay page). Pix: a real, valid
 * static BR Code (pix-utils, CRC16 included) for a sandbox key that no bank will settle; the page
 * offers "Simular pagamento (sandbox)" to confirm it. Card: test numbers only, decided locally:
 * numbers that pass the Luhn check are approved, except 4000 0000 0000 0002, which is declined.
 * Boleto: a valid 47-digit linha digitável (FEBRABAN check digits, src/shared/boleto.ts) under bank
 * code 000, which no bank uses, so no bank will settle it; "Simular pagamento (sandbox)" confirms it.
 */
import { randomUUID } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';
import { buildBoleto } from '../../../shared/boleto';
import type { Acquirer } from './acquirer';

/** A random-key (EVP) Pix key reserved for the sandbox. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
/** Bank code of the sandbox's boletos: not a real bank (COMPE codes start at 001). */
export const SANDBOX_BOLETO_BANK = '000';

/** 25 digits of campo livre from a payment id (a UUID): its 128 bits, decimal, last 25 digits. */
export const boletoFreeField = (reference: string) => (BigInt(`0x${reference.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 25n).toString().padStart(25, '0');

/** Pix fields allow plain upper-case ASCII: no accents, limited lengths. */
export const pixText = (s: string, max: number) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim().toUpperCase().slice(0, max) || 'BALCAO';

export function createSandboxAcquirer(): Acquirer {
  return {
    name: 'sandbox',
    sandbox: true,
    async createPix(c) {
      const pix = createStaticPix({
        merchantName: pixText(c.merchantName, 25),
        merchantCity: pixText(c.merchantCity, 15),
        pixKey: SANDBOX_PIX_KEY,
        infoAdicional: pixText(c.description, 40),
        txid: c.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
        transactionAmount: c.amountCents / 100,
      });
      if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
      return { brCode: pix.toBRCode(), providerRef: `sandbox-pix-${c.txid}` };
    },
    async chargeCard(c) {
      const declined = c.card.number === SANDBOX_DECLINED_CARD;
      return { status: declined ? 'declined' : 'paid', providerRef: `sandbox-card-${randomUUID()}` };
    },
    async createBoleto(c) {
      const { line } = buildBoleto({ bank: SANDBOX_BOLETO_BANK, dueDate: c.dueDate, amountCents: c.amountCents, freeField: boletoFreeField(c.reference) });
      return { line, providerRef: `sandbox-boleto-${c.reference}` };
    },
    async pixStatus() {
      // The sandbox's Pix is confirmed through the page's simulate button, recorded in our database.
      return 'pending';
    },
  };
}
