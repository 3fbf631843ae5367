/** Numbers as the dashboard shows them: pt-BR, money in BRL. */
import { formatBRL } from '../../../../shared/format';

const int = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const formatInt = (n: number) => int.format(n);
export const formatMoney = (n: number) => formatBRL(n);
export const formatValue = (n: number, currency: boolean) => (currency ? formatBRL(n) : int.format(n));
export const formatPercent = (n: number) => `${pct.format(n)}%`;
/** "2025-03-01" → "01/03". */
export const shortDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** "2025-03-01" → "01/03/2025". */
export const fullDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis ticks: "R$ 8 mil", "R$ 1,2 mi". */
export const formatMoneyShort = (n: number) => `R$ ${compact.format(n)}`.replace(/\u00a0/g, ' ');
