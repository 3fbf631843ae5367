import { PASSWORD_FORBIDDEN_WORDS, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from './constants';

/** The registration password rule of spec 000 §9; true when the password is acceptable. */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return false;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) return false;
  if (![...password].some((c) => PASSWORD_SPECIALS.includes(c))) return false;
  const lower = password.toLocaleLowerCase('pt-BR');
  return !PASSWORD_FORBIDDEN_WORDS.some((w) => lower.includes(w));
}

/** Letters (accented included), spaces, apostrophes and hyphens: what a person's name holds. */
export function isPlainName(name: string): boolean {
  return /^[\p{L}][\p{L} '\-]*$/u.test(name.trim());
}
