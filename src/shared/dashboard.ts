/**
 * Sales dashboard rules (spec 001 §2.13, §3 "Dashboard", §5, §9): the period and its defaults, the
 * previous period the cards compare with, the ten heat-map colour bands, the seven age-bar colour
 * bands, the age ranges, genders, channels and every pt-BR text the dashboard shows.
 *
 * Decisions where the spec is silent (ours, also in docs/decisions/dashboard.md):
 * - A period is made of whole days in America/Sao_Paulo: the start is the first day at 00:00 there,
 *   i.e. 03:00 UTC (the spec's fixed three-hour offset; Brazil has had no daylight saving since
 *   2019), and the end is the last day at 23:59:59.999 there (02:59:59.999 UTC the next day). The
 *   spec's literal "20:59:59.999" end would drop the last three hours of São Paulo's evening, when a
 *   restaurant sells most, so we keep the whole last day.
 * - Default period: the last 7 days, today included.
 * - A period is at most 366 days long.
 * - The previous period has the same number of days and ends the day before the start.
 * - Channel: delivery = orders of kind "Entrega"; internal = pickup and table orders.
 * - New customer = first order at the venue inside the period; old = ordered before the period.
 */
import { parseBrDay } from './dates';

export const DASHBOARD_TZ = 'America/Sao_Paulo';
/** São Paulo is UTC-3 all year since 2019. */
export const SAO_PAULO_OFFSET_HOURS = 3;
export const DEFAULT_PERIOD_DAYS = 7;
export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;
const OFFSET_MS = SAO_PAULO_OFFSET_HOURS * 3_600_000;

/**
 * Who may see the sales dashboard. The spec's route shows no role; sales figures are for the
 * people who run the venue, not for a kitchen tablet (Painel only), so any of the venue-management
 * roles opens it (ours).
 */
export const DASHBOARD_ROLE = 'Admin,SuporteMeep,CadastroLoja,MeepFoodConfiguration';

export const DASH_MSG = {
  invalidInitial: 'Informe a data inicial no formato dd/MM/aaaa.',
  invalidFinal: 'Informe a data final no formato dd/MM/aaaa.',
  startAfterEnd: 'A data inicial não pode ser posterior à data final.',
  periodTooLong: `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`,
  loadError: 'Não foi possível carregar o dashboard. Tente novamente.',
  empty: 'Não há dados disponíveis no momento.',
  notInformed: 'Não informado',
} as const;

/** A calendar day (no time zone). */
export interface Day {
  y: number;
  m: number;
  d: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Parses `dd/MM/yyyy` into a real calendar day between 1900 and 2100 (./dates.ts), or null. */
export function parseDateBR(text: string): Day | null {
  return parseBrDay(text.trim());
}

export function formatDateBR(day: Day): string {
  return `${pad(day.d)}/${pad(day.m)}/${pad(day.y, 4)}`;
}

/** `yyyy-MM-dd` of a day (what SQL and chart keys use). */
export function isoDay(day: Day): string {
  return `${pad(day.y, 4)}-${pad(day.m)}-${pad(day.d)}`;
}

export function dayFromIso(iso: string): Day {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return { y, m, d };
}

/** Day number since the epoch (for arithmetic). */
function dayIndex(day: Day): number {
  return Math.round(Date.UTC(day.y, day.m - 1, day.d) / DAY_MS);
}

function dayAt(index: number): Day {
  const t = new Date(index * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function addDays(day: Day, n: number): Day {
  return dayAt(dayIndex(day) + n);
}

/** Days from a to b, both included. */
export function daysBetween(a: Day, b: Day): number {
  return dayIndex(b) - dayIndex(a) + 1;
}

/** The calendar day an instant falls on in São Paulo. */
export function saoPauloDay(instant: Date): Day {
  return dayAt(Math.floor((instant.getTime() - OFFSET_MS) / DAY_MS));
}

/** 00:00 of the day in São Paulo: the day at 03:00:00.000 UTC. */
export function startOfDaySP(day: Day): Date {
  return new Date(Date.UTC(day.y, day.m - 1, day.d) + OFFSET_MS);
}

/** 23:59:59.999 of the day in São Paulo: 02:59:59.999 UTC the next day. */
export function endOfDaySP(day: Day): Date {
  return new Date(startOfDaySP(day).getTime() + DAY_MS - 1);
}

export interface PeriodText {
  InitialPeriod: string;
  FinalPeriod: string;
}

/**
 * The default filter period: the last 7 whole days in São Paulo, ending yesterday. Today is not over:
 * with it, "Dia de menor demanda" was always today and every trend compared a part day with whole ones.
 */
export function defaultPeriod(now: Date = new Date()): PeriodText {
  const yesterday = addDays(saoPauloDay(now), -1);
  return { InitialPeriod: formatDateBR(addDays(yesterday, -(DEFAULT_PERIOD_DAYS - 1))), FinalPeriod: formatDateBR(yesterday) };
}

export interface Period {
  first: Day;
  last: Day;
  /** Inclusive instants. */
  start: Date;
  end: Date;
  days: number;
}

export type PeriodCheck = { ok: true; period: Period } | { ok: false; field: 'InitialPeriod' | 'FinalPeriod'; message: string };

/** Validates a dd/MM/yyyy pair (spec 001 §5: start not after end) and gives its instants. */
export function checkPeriod(initial: string, final: string): PeriodCheck {
  const first = parseDateBR(initial);
  if (!first) return { ok: false, field: 'InitialPeriod', message: DASH_MSG.invalidInitial };
  const last = parseDateBR(final);
  if (!last) return { ok: false, field: 'FinalPeriod', message: DASH_MSG.invalidFinal };
  const days = daysBetween(first, last);
  if (days < 1) return { ok: false, field: 'InitialPeriod', message: DASH_MSG.startAfterEnd };
  if (days > MAX_PERIOD_DAYS) return { ok: false, field: 'FinalPeriod', message: DASH_MSG.periodTooLong };
  return { ok: true, period: { first, last, start: startOfDaySP(first), end: endOfDaySP(last), days } };
}

/** The period the cards compare with: as many days, ending the day before. */
export function previousPeriod(p: Period): Period {
  const last = addDays(p.first, -1);
  const first = addDays(last, -(p.days - 1));
  return { first, last, start: startOfDaySP(first), end: endOfDaySP(last), days: p.days };
}

/** Every day of a period, in order. */
export function periodDays(p: Pick<Period, 'first' | 'days'>): Day[] {
  return Array.from({ length: p.days }, (_, i) => addDays(p.first, i));
}

// ---------------------------------------------------------------------------------------------
// Colour bands (spec 001 §9)

/** Ten heat-map colours, from the lightest (band 0) to the darkest (band 9). */
export const HEAT_COLORS = [
  '#f1f8ff', '#dcecfb', '#c3ddf6', '#a4cbf0', '#80b4e8', '#5d9bde', '#3f82d0', '#2869b8', '#1a5198', '#0f3a73',
] as const;

/** Heat-map band 0-9 by share of the maximum, in tenths; 0 for no sales. */
export function heatBand(value: number, max: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.min(9, Math.floor((value / max) * 10));
}

/** Seven age-bar colours, lightest to darkest. */
export const AGE_BAR_COLORS = ['#d3f9d8', '#b2f2bb', '#8ce99a', '#51cf66', '#37b24d', '#2b8a3e', '#1b5e20'] as const;
export const AGE_BAND_PERCENT = 14;

/** Age-bar band 0-6: share of the maximum in steps of 14 percent (98 % and above is band 6). */
export function ageBarBand(value: number, max: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.min(6, Math.floor(((value / max) * 100) / AGE_BAND_PERCENT));
}

// ---------------------------------------------------------------------------------------------
// Customer groups

/** Seven age ranges (ours): lower bound in years, label. */
export const AGE_RANGES = [
  [0, 'Até 17 anos'],
  [18, '18 a 24 anos'],
  [25, '25 a 34 anos'],
  [35, '35 a 44 anos'],
  [45, '45 a 54 anos'],
  [55, '55 a 64 anos'],
  [65, '65 anos ou mais'],
] as const;

/** The range label of an age in whole years. */
export function ageRangeOf(age: number): string {
  let label: string = AGE_RANGES[0][1];
  for (const [min, l] of AGE_RANGES) if (age >= min) label = l;
  return label;
}

/** Gender codes stored with an order's customer, and their labels. */
export const GENDERS = { F: 'Feminino', M: 'Masculino', O: 'Outro' } as const;
export type GenderCode = keyof typeof GENDERS;

export const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;
export const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** Card titles (ours; the spec names the calls, not the texts). */
export const CARD_TITLES = {
  TotalOrders: 'Total de pedidos',
  RefusedOrders: 'Pedidos recusados',
  Revenues: 'Faturamento',
  AverageTicket: 'Ticket médio',
  HigherDemand: 'Dia de maior demanda',
  LowerDemand: 'Dia de menor demanda',
} as const;
export const PREVIOUS_TITLE = 'Período anterior';
export const CURRENT_TITLE = 'Período atual';

/** Change from the previous period in percent, or null when there was nothing to compare with. */
export function percentChange(oldValue: number, newValue: number): number | null {
  if (oldValue === 0) return null;
  return ((newValue - oldValue) / Math.abs(oldValue)) * 100;
}
