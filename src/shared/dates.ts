/**
 * Dates a person types or a client sends (issue 37, "dates are checked as dates"): one rule for
 * every date field of every contract. A date is a real calendar day (no 2026-02-30) between
 * 1900-01-01 and 2100-12-31, written in one of the formats below; anything else (year 10000,
 * 0001, "+275760-…", "amanhã", "1") is a 400 with the field's pt-BR message, decided by the
 * shared zod schema before any handler or database sees it (Postgres would answer 22008/22009).
 *
 * No zod here (route files import these rules, and they load with every page): the zod field is
 * `dateField()` in ./contract/date-field.ts.
 */

export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

export const DATE_MSG = {
  invalid: 'Data inválida.',
} as const;

/** A calendar day (no time zone). */
export interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

/** The day when it exists on the calendar and lies between 1900 and 2100, else null. */
export function realDay(y: number, m: number, d: number): CalendarDay | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < DATE_YEAR_MIN || y > DATE_YEAR_MAX || m < 1 || m > 12 || d < 1) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return { y, m, d };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** yyyy-mm-dd, then optionally T (or a space) hh:mm[:ss[.fraction]] and Z or an offset ±hh[:]mm. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** `yyyy-mm-dd` → the day, or null. */
export function parseIsoDay(s: string): CalendarDay | null {
  const m = ISO_DAY.exec(s);
  return m ? realDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** `dd/mm/yyyy` → the day, or null. */
export function parseBrDay(s: string): CalendarDay | null {
  const m = BR_DAY.exec(s);
  return m ? realDay(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** A real day written `yyyy-mm-dd`, 1900–2100. */
export function isIsoDay(s: string): boolean {
  return parseIsoDay(s) !== null;
}

/** An ISO date or date-time (`2026-11-29`, `2026-11-29T10:30`, `2026-11-29T13:30:00.000Z`, `… -03:00`) of a real day, 1900–2100. */
export function isIsoDateTime(s: string): boolean {
  const m = ISO_DATE_TIME.exec(s);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return false;
  return true;
}

/** `yyyy-mm-dd` of a day. */
export function isoOf(day: CalendarDay): string {
  return `${String(day.y).padStart(4, '0')}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

