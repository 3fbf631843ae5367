import { describe, expect, it } from 'vitest';
import { dateField, dateFields } from './contract/date-field';
import { DATE_MSG, isIsoDateTime, isIsoDay, parseBrDay, parseIsoDay } from './dates';

describe('dates: real days between 1900 and 2100', () => {
  it.each([['1900-01-01', true], ['2100-12-31', true], ['1899-12-31', false], ['2101-01-01', false]])(
    'takes the first and last day of the range and refuses the days just outside: %s → %s',
    (day, valid) => expect(isIsoDay(day)).toBe(valid),
  );

  it('reads the last Brazilian day of the range and refuses the days just outside', () => {
    expect(parseBrDay('31/12/2100')).toEqual({ y: 2100, m: 12, d: 31 });
    expect(parseBrDay('01/01/2101')).toBeNull();
    expect(parseBrDay('31/12/1899')).toBeNull();
  });

  it('refuses days that do not exist, other years and words', () => {
    for (const s of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '10000-01-01', '0001-01-01', '+275760-09-13', '', 'amanhã', '1', '2026-1-1', ' 2026-01-01'])
      expect(isIsoDay(s), s).toBe(false);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(parseIsoDay('2000-02-29')).toEqual({ y: 2000, m: 2, d: 29 });
    expect(parseIsoDay('2100-02-29')).toBeNull();
  });

  it('date-times: a real day in range and a real time, with Z, an offset or none', () => {
    for (const s of ['2026-11-29', '2026-11-29T10:30', '2026-11-29T10:30:15', '2026-11-29T13:30:00.000Z', '2026-11-29T10:30:00-03:00', '2026-11-29 10:30:00', '2100-12-31T23:59:59.999Z'])
      expect(isIsoDateTime(s), s).toBe(true);
    for (const s of ['+275760-09-13T00:00:00.000Z', '10000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '2026-11-29T24:00:00Z', '2026-11-29T10:60', '2026-11-29T10:30:00+25:00', 'Sun Nov 29 2026', 'amanhã', ''])
      expect(isIsoDateTime(s), s).toBe(false);
  });

  it('dateField: one pt-BR message per bad value; blank only where allowed; registered for the fuzz', () => {
    const plain = dateField();
    expect(plain.safeParse('2026-11-29').success).toBe(true);
    expect(plain.safeParse('10000-01-01').error?.issues.map((i) => i.message)).toEqual([DATE_MSG.invalid]);
    expect(plain.safeParse('').error?.issues.map((i) => i.message)).toEqual([DATE_MSG.invalid]);
    expect(plain.safeParse(20261129).error?.issues.map((i) => i.message)).toEqual([DATE_MSG.invalid]);
    const event = dateField({ format: 'iso-date-time', required: 'Informe a data do evento.' });
    expect(event.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Informe a data do evento.']);
    expect(event.safeParse('2026-02-30T10:00:00Z').error?.issues.map((i) => i.message)).toEqual([DATE_MSG.invalid]);
    const filter = dateField({ blank: true, message: 'Informe a data no formato dd/mm/aaaa.' });
    expect(filter.safeParse('').success).toBe(true);
    expect(filter.safeParse('amanhã').error?.issues.map((i) => i.message)).toEqual(['Informe a data no formato dd/mm/aaaa.']);
    const br = dateField({ format: 'br-or-iso-day' });
    expect(br.safeParse('29/11/2026').success && br.safeParse('2026-11-29').success).toBe(true);
    expect(br.safeParse('29/11/10000').success).toBe(false);
    expect(dateFields.get(filter)).toEqual({ format: 'iso-day', blank: true, message: 'Informe a data no formato dd/mm/aaaa.', required: 'Informe a data no formato dd/mm/aaaa.' });
  });
});
