/**
 * Sandbox acquirer (the embedded default, labelled "sandbox" on the pay page). Pix: a real, valid
 * static BR Code (pix-utils, CRC16 included) for a sandbox key that no bank will settle; the page
 * offers "Simular pagamento (sandbox)" to confirm it. Card: test numbers only, decided locally:
 * numbers that pass the Luhn check are approved, except 4000 0000 0000 0002, which is declined.
 */
import { randomUUID } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';
import type { Acquirer } from './acquirer';

/** A random-key (EVP) Pix key reserved for the sandbox. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
export const SANDBOX_DECLINED_CARD = '4000000000000002';

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
    async pixStatus() {
      // The sandbox's Pix is confirmed through the page's simulate button, recorded in our database.
      return 'pending';
    },
  };
}
