/**
 * The sandbox card acquirer (labelled "sandbox" on every screen): links get made-up ids and cards
 * are approved when the number passes the Luhn check, except numbers ending in 0002 (declined).
 * Pix has its own sandbox: the loopback API Pix PSP (modules/pix).
 */
import { randomBytes } from 'node:crypto';
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

export const localId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

export function createSandboxAcquirer(): Acquirer {
  return {
    name: 'sandbox',
    sandbox: true,
    async createLink() {
      return { gatewayLinkId: localId('sbxlnk') };
    },
    async chargeCard(input) {
      const digits = input.number.replace(/\D/g, '');
      return { acquirerId: localId('sbxcard'), approved: luhnValid(digits) && !digits.endsWith('0002') };
    },
  };
}
