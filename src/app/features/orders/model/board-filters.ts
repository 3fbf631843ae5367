/**
 * The board's filters as they live in the URL (shareable, survive a reload) and as the list query
 * sends them. Dates are calendar days in America/Sao_Paulo: the query sends the start of the first
 * day (00:00:00.000) and the end of the last (23:59:59.999), defaulting to today (spec 000 §9).
 */
import { TIME_ZONE } from '../../../../shared/format';
import { ACTIVE_STATES, KDS_ACTIVE_MODE, ORDER_STATE, type OrderStateId } from '../../../../shared/orders';
import { parseStateIds, type BoardSearch } from './board-search';

export type { BoardSearch };

/**
 * States checked when the URL names none: the ones a kitchen works on. Entregue and Recusado are
 * one click away in the filter (ours: the spec does not say which are checked first).
 */
export const DEFAULT_STATE_IDS: OrderStateId[] = [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo, ORDER_STATE.EmTransporte];

// Built once: a formatter costs far more to create than to use, and the board asks for every order.
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** Today's calendar day in São Paulo, YYYY-MM-DD. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** São Paulo's UTC offset on a given day, as "-03:00". */
function offsetOn(day: string): string {
  const probe = new Date(`${day}T12:00:00Z`);
  const name = offsetFormat.formatToParts(probe).find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-]\d{2}:\d{2})/.exec(name ?? '');
  return m ? m[1] : '-03:00';
}

export function startOfDayIso(day: string): string {
  return new Date(`${day}T00:00:00.000${offsetOn(day)}`).toISOString();
}
export function endOfDayIso(day: string): string {
  return new Date(`${day}T23:59:59.999${offsetOn(day)}`).toISOString();
}

/** What the list query sends (and its cache key): filters resolved with their defaults. */
export interface ListFilters {
  keyword?: string;
  dataInicio?: string;
  dataFim?: string;
  etapas: number[];
  storeId?: string;
  mesaId?: string;
  page: number;
  /** The board's active mode: every open order, oldest first, never paged. */
  modo?: typeof KDS_ACTIVE_MODE;
}

/**
 * The board's two lists. Active: every open order of the chosen active states, from any day unless
 * the URL names days (an order left Pendente overnight still shows). Finished: Entregue and Recusado
 * when the filter checks them, paged as the spec's list (null when none is checked).
 */
export function boardLists(s: BoardSearch, today: string = todayInSaoPaulo()): { active: ListFilters | null; finished: ListFilters | null } {
  const f = resolveFilters(s, today);
  const activeIds = f.etapas.filter((id) => (ACTIVE_STATES as readonly number[]).includes(id));
  const finishedIds = f.etapas.filter((id) => !(ACTIVE_STATES as readonly number[]).includes(id));
  const dated = s.de !== undefined || s.ate !== undefined;
  return {
    active: activeIds.length
      ? { keyword: f.keyword, ...(dated ? { dataInicio: f.dataInicio, dataFim: f.dataFim } : {}), etapas: activeIds, storeId: f.storeId, mesaId: f.mesaId, page: 1, modo: KDS_ACTIVE_MODE }
      : null,
    finished: finishedIds.length ? { ...f, etapas: finishedIds } : null,
  };
}

export function resolveFilters(s: BoardSearch, today: string = todayInSaoPaulo()): ListFilters & { dataInicio: string; dataFim: string } {
  const de = s.de ?? today;
  // The last day defaults to today (the form leaves today out of the URL), never before the first.
  const ate = s.ate ?? today;
  return {
    keyword: s.q,
    dataInicio: startOfDayIso(de),
    dataFim: endOfDayIso(ate < de ? de : ate),
    etapas: s.etapas !== undefined ? parseStateIds(s.etapas) : DEFAULT_STATE_IDS,
    storeId: s.loja,
    mesaId: s.mesa,
    page: s.pagina ?? 1,
  };
}

/** Whether an order belongs in a list with these filters (for live insertion before the refetch). */
export function orderMatches(
  o: { DataCriacao: string; WorkflowInstance: { CurrenteState: { Id: number } }; StoreId: string | null; MesaId: string | null },
  f: ListFilters,
): boolean {
  const t = Date.parse(o.DataCriacao);
  if (Number.isNaN(t) || (f.dataInicio && t < Date.parse(f.dataInicio)) || (f.dataFim && t > Date.parse(f.dataFim))) return false;
  if (f.etapas.length && !f.etapas.includes(o.WorkflowInstance.CurrenteState.Id)) return false;
  if (f.storeId && o.StoreId !== f.storeId) return false;
  if (f.mesaId && o.MesaId !== f.mesaId) return false;
  return !f.keyword;
}
