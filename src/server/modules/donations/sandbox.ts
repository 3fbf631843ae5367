/**
 * The sandbox acquirer (labelled "sandbox" on every screen): links get made-up ids, Pix charges are
 * real BR Codes (pix-utils, valid CRC) that stay pending until "Simular pagamento (sandbox)", and
 * cards are approved when the number passes the Luhn check, except numbers ending in 0002 (declined).
 */
import { randomBytes } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';
import type { Acquirer } from './acquirer';

export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** EMV fields take plain ASCII: accents dropped, upper case, cut to the field's size. */
export function pixText(s: string, max: number): string {
  return s.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[^A-Za-z0-9 .-]/g, '').trim().toUpperCase().slice(0, max) || 'DOACAO';
}

export function createSandboxAcquirer(): Acquirer {
  const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
  return {
    name: 'sandbox',
    canSimulate: true,
    async createLink() {
      return { gatewayLinkId: id('sbxlnk') };
    },
    async createPix(input) {
      const pix = createStaticPix({
        merchantName: pixText(input.merchantName, 25),
        merchantCity: pixText(input.merchantCity, 15),
        pixKey: input.pixKey,
        infoAdicional: pixText(input.description, 40),
        transactionAmount: input.amountCents / 100,
        txid: input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
      });
      if (hasError(pix)) throw new Error('pix-utils refused the charge');
      return { acquirerId: id('sbxpix'), brCode: pix.toBRCode() };
    },
    async chargeCard(input) {
      const digits = input.number.replace(/\D/g, '');
      return { acquirerId: id('sbxcard'), approved: luhnValid(digits) && !digits.endsWith('0002') };
    },
  };
}
