/**
 * Brazilian tax ids (CPF and CNPJ): the one place that normalises, validates and formats them.
 *
 * CNPJ comes in two shapes: the numeric one (14 digits) and the alphanumeric one the Receita Federal
 * issues from July 2026 (IN RFB 2.229/2024): 12 characters 0-9 or A-Z, then two numeric check
 * digits. Both use the same mod-11 weights; each character counts as its ASCII code minus 48, so a
 * digit keeps its value and A = 17 … Z = 42. A numeric CNPJ is therefore a special case of the
 * alphanumeric rule. (@brazilian-utils/brazilian-utils implements the same rule with `{ version: 2 }`;
 * documents.test.ts checks that both agree.)
 */

/** Keeps digits only. */
export function cpfDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Drops the mask (dots, slash, dash, spaces) and upper-cases: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeCnpj(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s./-]/g, '').toUpperCase();
}

const CNPJ_RE = /^[0-9A-Z]{12}[0-9]{2}$/;
const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjCheckDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Whether a CNPJ, numeric or alphanumeric, masked or not, has the right check digits. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const c = normalizeCnpj(value);
  if (!CNPJ_RE.test(c) || /^(.)\1{13}$/.test(c)) return false;
  const d1 = cnpjCheckDigit(c, W1);
  const d2 = cnpjCheckDigit(c.slice(0, 12) + d1, W2);
  return c[12] === String(d1) && c[13] === String(d2);
}

/** Whether a CNPJ is valid and numeric only (systems that still take digits only). */
export function isValidNumericCnpj(value: string | null | undefined): boolean {
  return /^\d{14}$/.test(normalizeCnpj(value)) && isValidCnpj(value);
}

/** CNPJ shown as 00.000.000/0000-00 (or AA.AAA.AAA/AAAA-00); anything incomplete as typed. */
export function formatCnpjDocument(value: string | null | undefined): string {
  const c = normalizeCnpj(value);
  const m = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/.exec(c);
  return m ? `${m[1]}.${m[2]}.${m[3]}/${m[4]}-${m[5]}` : (value ?? '');
}

/**
 * The CNPJ field's mask while typing: every position takes a digit or a letter except the two
 * check digits (react-imask: `*` any, `0` digit; letters are upper-cased by the field).
 */
export const CNPJ_MASK = '**.***.***/****-00';

/** Only digits, letters and the mask's characters: "529.982.247-2A" keeps its A, "52998224725;" is refused. */
const DOCUMENT_CHARS_RE = /^[\s0-9A-Za-z./-]*$/;

/** Whether a CPF (11 digits, masked or not) has the right check digits. Letters or other signs make it invalid. */
export function isValidCpf(value: string | null | undefined): boolean {
  if (!/^[\s\d.-]*$/.test(value ?? '')) return false;
  const d = cpfDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** A CPF or CNPJ as typed, without its mask and upper-cased: what is stored and compared. */
export function normalizeDocument(value: string | null | undefined): string {
  return normalizeCnpj(value);
}

/**
 * Whether a field that takes either document holds a valid one: a CPF (11 digits) or a CNPJ,
 * numeric or alphanumeric (14 characters), masked or not, with the right check digits.
 */
export function isValidCpfOrCnpj(value: string | null | undefined): boolean {
  if (!DOCUMENT_CHARS_RE.test(value ?? '')) return false;
  const n = normalizeDocument(value);
  if (n.length === 11) return isValidCpf(n);
  return n.length === 14 && isValidCnpj(n);
}

/** A CPF as 000.000.000-00 or a CNPJ as 00.000.000/0000-00 (letters kept); anything else as it came. */
export function formatCpfOrCnpj(value: string | null | undefined): string {
  const n = normalizeDocument(value);
  if (/^\d{11}$/.test(n)) return `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(n)) return formatCnpjDocument(n);
  return value ?? '';
}

/**
 * The mask of a field that takes either document (react-imask dynamic mask): a CPF while only 11
 * digits fit, then a CNPJ whose first 12 positions also take letters. Use with an upper-casing
 * `prepareChar`.
 */
export const CPF_OR_CNPJ_MASK = [{ mask: '000.000.000-00' }, { mask: CNPJ_MASK }];
