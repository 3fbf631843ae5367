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
