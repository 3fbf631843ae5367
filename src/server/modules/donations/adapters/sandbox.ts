/**
 * The sandbox card acquirer (labelled "sandbox" on every screen): links get made-up ids and cards
 * are approved when the number passes the Luhn check, except numbers ending in 0002 (declined).
 * Pix has its own sandbox: the loopback API Pix PSP (modules/pix). Like a real acquirer held to
 * our contract, it dedupes on the reference (Idempotency-Key): a repeat answers the first outcome
 * and charges nothing; DONATION_SANDBOX_LEDGER is its book, which tests count.
 */
import { luhnValid } from '../../../../shared/payment-links';
import { prefixedId } from '../../../lib/crypto';
import type { Acquirer, CardOutcome } from './types';

export const DONATION_SANDBOX_LEDGER = { outcomes: new Map<string, CardOutcome>(), requests: new Map<string, number>() };

export function createSandboxAcquirer(): Acquirer {
  return {
    name: 'sandbox',
    sandbox: true,
    async createLink() {
      return { gatewayLinkId: prefixedId('sbxlnk') };
    },
    async chargeCard(input) {
      const book = DONATION_SANDBOX_LEDGER;
      book.requests.set(input.reference, (book.requests.get(input.reference) ?? 0) + 1);
      let seen = book.outcomes.get(input.reference);
      if (!seen) {
        const digits = input.number.replace(/\D/g, '');
        seen = { acquirerId: prefixedId('sbxcard'), approved: luhnValid(digits) && !digits.endsWith('0002') };
        book.outcomes.set(input.reference, seen);
      }
      return seen;
    },
    async lookupCharge(reference) {
      return DONATION_SANDBOX_LEDGER.outcomes.get(reference) ?? null;
    },
  };
}
