import { describe, expect, it } from 'vitest';
import { formatBRL, formatDate, formatTime, maskEmail, onlyDigits, TIME_ZONE } from './format';

describe('formatBRL', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'], [0, 'R$ 0,00'], [5, 'R$ 5,00'], [0.1, 'R$ 0,10'], [1234567.891, 'R$ 1.234.567,89'],
  ])('uses dot thousands, comma decimals, two decimals and a plain space: %d is %s', (value, shown) => {
    expect(formatBRL(value)).toBe(shown);
    expect(formatBRL(value)).not.toContain('\u00a0');
  });

  it('rounds to two decimals and shows negatives', () => {
    expect(formatBRL(2.005 + 0.001)).toBe('R$ 2,01');
    expect(formatBRL(-1234.5)).toMatch(/^-\s?R\$ 1\.234,50$/);
  });
});

describe('formatDate and formatTime in America/Sao_Paulo', () => {
  it('uses the São Paulo zone', () => {
    expect(TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it('accepts dates, ISO strings and epoch milliseconds alike', () => {
    const iso = '2025-07-15T15:05:00Z';
    const ms = Date.parse(iso);
    expect(formatDate(iso)).toBe('15/07/2025');
    expect(formatDate(ms)).toBe('15/07/2025');
    expect(formatDate(new Date(ms))).toBe('15/07/2025');
    expect(formatTime(ms)).toBe('12:05');
  });

  // [instant, day (dd/MM/yyyy), time (HH:mm, 24 h)]
  it.each([
    ['2024-01-01T02:30:00Z', '31/12/2023', '23:30'], // the previous day before 03:00 UTC
    ['2024-01-01T03:00:00Z', '01/01/2024', '00:00'], // the day turns at 03:00 UTC, with 00:00 (not 24:00)
    ['2024-01-01T02:59:59Z', '31/12/2023', '23:59'],
    ['2024-03-10T00:00:00.000Z', '09/03/2024', '21:00'], // midnight UTC is 21:00 of the day before
    ['2025-02-05T12:00:00Z', '05/02/2025', '09:00'], // day, month and hours padded
    ['2025-02-05T12:07:00Z', '05/02/2025', '09:07'],
    ['2025-02-05T20:00:00Z', '05/02/2025', '17:00'],
    ['2018-12-01T02:30:00Z', '01/12/2018', '00:30'], // the zone rules of the date: Brazil still had summer time (UTC-2) in December 2018
  ])('shows %s as %s %s', (instant, day, time) => {
    expect(formatDate(instant)).toBe(day);
    expect(formatTime(instant)).toBe(time);
  });
});

describe('maskEmail', () => {
  it('keeps the first two characters of the name and the domain', () => {
    expect(maskEmail('gerente@balcao.dev')).toBe('ge*****@balcao.dev');
    expect(maskEmail('escola@balcao.dev')).toBe('es****@balcao.dev');
  });

  it('always shows at least three stars so the length is not revealed for short names', () => {
    expect(maskEmail('abc@x.com')).toBe('ab***@x.com');
    expect(maskEmail('ab@x.com')).toBe('a***@x.com');
    expect(maskEmail('a@x.com')).toBe('a***@x.com');
  });

  it('hides every character of the name but the kept ones', () => {
    const masked = maskEmail('fulano.de.tal@example.com');
    expect(masked).toBe(`fu${'*'.repeat(11)}@example.com`);
    expect(masked).not.toContain('lano');
  });

  it('leaves a value without a name part untouched', () => {
    expect(maskEmail('semarroba')).toBe('semarroba');
    expect(maskEmail('@dominio.com')).toBe('@dominio.com');
  });
});

describe('onlyDigits', () => {
  it.each([['529.982.247-25', '52998224725'], ['(11) 98765-4321', '11987654321'], ['abc', '']])('strips everything but digits: %s → %s', (typed, digits) => {
    expect(onlyDigits(typed)).toBe(digits);
  });
});

describe('CPF and CNPJ (issue 11: CNPJ was handled nowhere)', () => {
  it('shows 11 digits as CPF and 14 as CNPJ', async () => {
    const { formatDocument, formatCnpj, isValidCnpj } = await import('./format');
    expect(formatDocument('12345678909')).toBe('123.456.789-09');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatDocument('123')).toBe('123');
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});
