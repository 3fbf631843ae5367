/** Formatting shared by server and client: BRL, dates in America/Sao_Paulo, documents, e-mail masks. */
export const TIME_ZONE = 'America/Sao_Paulo';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** R$ 1.234,56 */
export function formatBRL(value: number): string {
  return brl.format(value).replace(/\u00a0/g, ' ');
}

const dateFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** dd/MM/yyyy in America/Sao_Paulo. */
export function formatDate(d: Date | string | number): string {
  return dateFmt.format(new Date(d));
}
/** HH:mm (24 h) in America/Sao_Paulo. */
export function formatTime(d: Date | string | number): string {
  return timeFmt.format(new Date(d));
}

export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}

/**
 * Masks an e-mail with stars for the recovery screen: keeps the first two characters of the
 * name and the domain, e.g. "ge*****@balcao.dev".
 */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const keep = name.length <= 2 ? 1 : 2;
  return `${name.slice(0, keep)}${'*'.repeat(Math.max(3, name.length - keep))}${email.slice(at)}`;
}

/**
 * Reads money as Brazilians type it: "12,5", "1.234,56", "R$ 1.234,56"; also "12.50" and "1234".
 * Returns null for empty or unreadable text.
 */
export function parseMoney(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) / 100 : null;
  let s = input.replace(/R\$/i, '').replace(/\s/g, '');
  if (!s) return null;
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^\d*(\.\d*)?$/.test(s) || s === '.' ) return null;
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  const rounded = Math.round(n * 100) / 100;
  return negative ? -rounded : rounded;
}

const moneyFmt = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1234.5 → "1.234,50" (what a money input shows on blur). */
export function formatMoneyInput(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : moneyFmt.format(value);
}

/** CPF 000.000.000-00 (11 digits). */
export function formatCpf(doc: string): string {
  return onlyDigits(doc).slice(0, 11).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

/** CNPJ 00.000.000/0000-00 (14 digits). */
export function formatCnpj(doc: string): string {
  return onlyDigits(doc).slice(0, 14).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/** A document shown as CPF (11 digits) or CNPJ (14 digits) (spec 001 §2.8); anything else as typed. */
export function formatDocument(doc: string | null | undefined): string {
  const d = onlyDigits(doc ?? '');
  if (d.length === 11) return formatCpf(d);
  if (d.length === 14) return formatCnpj(d);
  // The alphanumeric CNPJ (since July 2026) keeps its letters.
  return formatCpfOrCnpj(doc);
}

/** Input masks (react-imask notation) for CPF and CNPJ; a field that takes either switches at the 12th digit. */
export const DOCUMENT_MASKS = { cpf: '000.000.000-00', cnpj: '00.000.000/0000-00' } as const;

/** Whether a numeric CNPJ's two check digits are right (the rule lives in documents.ts). */
export { isValidNumericCnpj as isValidCnpj } from './documents';
import { formatCpfOrCnpj } from './documents';
