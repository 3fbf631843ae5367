/**
 * The zod schema of every date field of every contract (issue 37): `dateField()` accepts only a
 * real day between 1900 and 2100 (../dates.ts) and answers anything else with the field's pt-BR
 * message. Each schema it makes is recorded in `dateFields`, so the date fuzz
 * (tests/server/fuzz-dates.test.ts) finds every date field of every route by itself.
 */
import { z } from 'zod/mini';
import { DATE_MSG, isIsoDateTime, isIsoDay, parseBrDay, parseIsoDay } from '../dates';

export type DateFormat =
  /** yyyy-mm-dd */
  | 'iso-day'
  /** an ISO date or date-time (see isIsoDateTime) */
  | 'iso-date-time'
  /** dd/mm/yyyy */
  | 'br-day'
  /** dd/mm/yyyy (pasted) or yyyy-mm-dd */
  | 'br-or-iso-day';

const TESTS: Record<DateFormat, (s: string) => boolean> = {
  'iso-day': isIsoDay,
  'iso-date-time': isIsoDateTime,
  'br-day': (s) => parseBrDay(s) !== null,
  'br-or-iso-day': (s) => parseBrDay(s.trim()) !== null || parseIsoDay(s.trim()) !== null,
};

export interface DateFieldMeta {
  format: DateFormat;
  /** Whether a blank value is accepted (it means "no date": an optional filter, an open period). */
  blank: boolean;
  /** The field's message for a value that is not a date in range. */
  message: string;
  /** The message for a blank value when blanks are refused. */
  required: string;
}

/** Every schema made by `dateField`, with how it reads its value (the date fuzz walks this). */
export const dateFields = z.registry<DateFieldMeta>();

export interface DateFieldOptions {
  format?: DateFormat;
  /** The field's pt-BR message for a value that is not a date in range (default "Data inválida."). */
  message?: string;
  /** Accept '' (and blanks) as "no date". */
  blank?: boolean;
  /** The message for a blank value when blanks are not accepted (default: `message`). */
  required?: string;
}

/** The zod schema of a date field: a string in `format`, a real day between 1900 and 2100. */
export function dateField(opts: DateFieldOptions = {}) {
  const format = opts.format ?? 'iso-day';
  const message = opts.message ?? DATE_MSG.invalid;
  const blank = opts.blank ?? false;
  const test = TESTS[format];
  const schema = z.string(opts.required ?? message).check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') {
        if (!blank) ctx.addIssue({ code: 'custom', message: opts.required ?? message, input: v });
      } else if (!test(v)) ctx.addIssue({ code: 'custom', message, input: v });
    }),
  );
  schema.register(dateFields, { format, blank, message, required: opts.required ?? message });
  return schema;
}

/** Adds a rule's issue unless the field already has one (its own date check said it first). */
export function addIssueOnce(
  ctx: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }>; addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void },
  path: string,
  message: string,
  input: unknown,
): void {
  if (ctx.issues.some((i) => i.path?.length === 1 && i.path[0] === path)) return;
  ctx.addIssue({ code: 'custom', message, path: [path], input });
}
