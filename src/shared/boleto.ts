/**
 * Boleto (cobrança bancária) check digits and the 47-digit linha digitável (FEBRABAN / Carta-Circular
 * BCB 2.926/2000). The sandbox acquirer builds its boletos with `buildBoleto`; validation and reading
 * use @brazilian-utils/brazilian-utils (isValidBoleto, getBoletoInfo), and the unit tests check both
 * against each other and against published boletos.
 */
import { TIME_ZONE } from './format';

/** Modulo 10 of a linha digitável field: weights 2,1,2,1… from the right, digits of products summed. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let p = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (p > 9) p -= 9;
    sum += p;
  }
  const r = sum % 10;
  return r === 0 ? 0 : 10 - r;
}

/** Modulo 11 general digit of the barcode (43 digits without it): weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  let w = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * w;
    w = w === 9 ? 2 : w + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const DAY = 86_400_000;
const BASE = Date.UTC(1997, 9, 7);

/**
 * Fator de vencimento: days since 07/10/1997; it reached 9999 on 21/02/2025 and restarted at 1000 on
 * 22/02/2025 (FEBRABAN), so it is 1000 + (days − 10000) mod 9000 from then on.
 */
export function dueFactor(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const days = Math.round((Date.UTC(y, m - 1, d) - BASE) / DAY);
  if (days < 1000) throw new RangeError('due date before 03/07/2000');
  const f = days <= 9999 ? days : 1000 + ((days - 10000) % 9000);
  return String(f).padStart(4, '0');
}

/** A calendar day (YYYY-MM-DD) in America/Sao_Paulo, `days` after `now`. */
export function saoPauloDay(now: Date, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now.getTime() + days * DAY));
}

/**
 * The 44-digit barcode and the 47-digit linha digitável of a boleto: bank (3), currency 9, general
 * digit, due factor (4), amount in cents (10), campo livre (25).
 */
export function buildBoleto(o: { bank: string; dueDate: string; amountCents: number; freeField: string }): { barcode: string; line: string } {
  if (!/^\d{3}$/.test(o.bank)) throw new RangeError('bank: 3 digits');
  if (!/^\d{25}$/.test(o.freeField)) throw new RangeError('freeField: 25 digits');
  if (!Number.isInteger(o.amountCents) || o.amountCents < 0 || o.amountCents > 99_999_999_99) throw new RangeError('amount');
  const amount = String(o.amountCents).padStart(10, '0');
  const head = `${o.bank}9`;
  const tail = `${dueFactor(o.dueDate)}${amount}`;
  const dv = mod11(`${head}${tail}${o.freeField}`);
  const barcode = `${head}${dv}${tail}${o.freeField}`;
  const f1 = `${head}${o.freeField.slice(0, 5)}`;
  const f2 = o.freeField.slice(5, 15);
  const f3 = o.freeField.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${tail}`;
  return { barcode, line };
}

/** 00000.00000 00000.000000 00000.000000 0 00000000000000 */
export function formatBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}
