import { describe, expect, it } from 'vitest';
import {
  AGE_RANGES,
  ageBarBand,
  ageRangeOf,
  checkPeriod,
  defaultPeriod,
  heatBand,
  HEAT_COLORS,
  AGE_BAR_COLORS,
  parseDateBR,
  percentChange,
  periodDays,
  previousPeriod,
  saoPauloDay,
  formatDateBR,
} from './dashboard';

describe('period rules', () => {
  it('defaults to the last 7 whole days in São Paulo, ending yesterday (today is not over)', () => {
    // 02:30 UTC on 10/03 is still 09/03 in São Paulo.
    expect(defaultPeriod(new Date('2025-03-10T02:30:00Z'))).toEqual({ InitialPeriod: '02/03/2025', FinalPeriod: '08/03/2025' });
    expect(defaultPeriod(new Date('2025-03-10T03:00:00Z'))).toEqual({ InitialPeriod: '03/03/2025', FinalPeriod: '09/03/2025' });
    // Across a year end.
    expect(defaultPeriod(new Date('2025-01-02T15:00:00Z'))).toEqual({ InitialPeriod: '26/12/2024', FinalPeriod: '01/01/2025' });
  });

  it('starts at 03:00 UTC (the fixed three-hour offset) and ends at 23:59:59.999 in São Paulo', () => {
    const r = checkPeriod('01/03/2025', '07/03/2025');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.period.start.toISOString()).toBe('2025-03-01T03:00:00.000Z');
    expect(r.period.end.toISOString()).toBe('2025-03-08T02:59:59.999Z');
    expect(r.period.days).toBe(7);
    const prev = previousPeriod(r.period);
    expect(prev.start.toISOString()).toBe('2025-02-22T03:00:00.000Z');
    expect(prev.end.toISOString()).toBe('2025-03-01T02:59:59.999Z');
    expect(periodDays(r.period).map(formatDateBR)).toEqual(['01/03/2025', '02/03/2025', '03/03/2025', '04/03/2025', '05/03/2025', '06/03/2025', '07/03/2025']);
  });

  it('accepts one day and refuses a start after the end (spec 001 §5)', () => {
    expect(checkPeriod('07/03/2025', '07/03/2025')).toMatchObject({ ok: true, period: { days: 1 } });
    expect(checkPeriod('08/03/2025', '07/03/2025')).toEqual({ ok: false, field: 'InitialPeriod', message: 'A data inicial não pode ser posterior à data final.' });
    expect(checkPeriod('01/01/2024', '31/12/2024')).toMatchObject({ ok: true, period: { days: 366 } });
    expect(checkPeriod('01/01/2024', '01/01/2025')).toMatchObject({ ok: false, field: 'FinalPeriod' });
  });

  it('reads only real dd/MM/yyyy dates', () => {
    expect(parseDateBR('29/02/2024')).toEqual({ d: 29, m: 2, y: 2024 });
    for (const bad of ['29/02/2025', '31/04/2025', '2025-03-01', '1/3/2025', '01/13/2025', '00/01/2025', '', 'abc']) {
      expect(parseDateBR(bad), bad).toBeNull();
    }
    expect(checkPeriod('2025-03-01', '07/03/2025')).toMatchObject({ ok: false, field: 'InitialPeriod', message: 'Informe a data inicial no formato dd/MM/aaaa.' });
    expect(checkPeriod('01/03/2025', '32/03/2025')).toMatchObject({ ok: false, field: 'FinalPeriod', message: 'Informe a data final no formato dd/MM/aaaa.' });
  });

  it('finds the São Paulo day of an instant', () => {
    expect(formatDateBR(saoPauloDay(new Date('2025-03-06T00:00:00Z')))).toBe('05/03/2025');
    expect(formatDateBR(saoPauloDay(new Date('2025-03-06T03:00:00Z')))).toBe('06/03/2025');
  });
});

describe('colour bands (spec 001 §9)', () => {
  it('has ten heat-map bands by tenths of the maximum', () => {
    expect(HEAT_COLORS).toHaveLength(10);
    // [value, maximum, band]
    for (const [value, max, band] of [[0, 100, 0], [9.99, 100, 0], [10, 100, 1], [55, 100, 5], [99.9, 100, 9], [100, 100, 9], [5, 0, 0]] as const) {
      expect(heatBand(value, max), `${value} of ${max}`).toBe(band);
    }
    const bands = new Set(Array.from({ length: 101 }, (_, i) => heatBand(i, 100)));
    expect([...bands]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('has seven age-bar bands of 14 percent', () => {
    expect(AGE_BAR_COLORS).toHaveLength(7);
    // [percent, band]
    for (const [percent, band] of [[13.9, 0], [14, 1], [27.9, 1], [28, 2], [84, 6], [100, 6]] as const) expect(ageBarBand(percent, 100), `${percent}%`).toBe(band);
    expect(new Set(Array.from({ length: 101 }, (_, i) => ageBarBand(i, 100))).size).toBe(7);
  });
});

describe('customer groups', () => {
  it('puts ages in seven ranges', () => {
    expect(AGE_RANGES).toHaveLength(7);
    expect([0, 17, 18, 24, 25, 34, 35, 44, 45, 54, 55, 64, 65, 99].map(ageRangeOf)).toEqual([
      'Até 17 anos', 'Até 17 anos', '18 a 24 anos', '18 a 24 anos', '25 a 34 anos', '25 a 34 anos', '35 a 44 anos', '35 a 44 anos',
      '45 a 54 anos', '45 a 54 anos', '55 a 64 anos', '55 a 64 anos', '65 anos ou mais', '65 anos ou mais',
    ]);
  });

  it('computes the change from the previous period', () => {
    expect(percentChange(40, 160)).toBe(300);
    expect(percentChange(100, 50)).toBe(-50);
    expect(percentChange(0, 10)).toBeNull();
  });
});
