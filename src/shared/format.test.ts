import { describe, expect, it } from 'vitest';
import { formatBRL, formatDate, formatTime, maskEmail, onlyDigits, TIME_ZONE } from './format';

describe('formatBRL', () => {
  it('uses dot thousands, comma decimals, two decimals and a plain space', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(5)).toBe('R$ 5,00');
    expect(formatBRL(0.1)).toBe('R$ 0,10');
    expect(formatBRL(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatBRL(1234.56)).not.toContain('\u00a0');
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

  it('shows the previous day before 03:00 UTC', () => {
    const d = new Date('2024-01-01T02:30:00Z');
    expect(formatDate(d)).toBe('31/12/2023');
    expect(formatTime(d)).toBe('23:30');
  });

  it('turns the day at 03:00 UTC, with 00:00 (not 24:00)', () => {
    expect(formatDate('2024-01-01T03:00:00Z')).toBe('01/01/2024');
    expect(formatTime('2024-01-01T03:00:00Z')).toBe('00:00');
    expect(formatTime('2024-01-01T02:59:59Z')).toBe('23:59');
  });

  it('formats midnight UTC as 21:00 of the day before', () => {
    expect(formatDate('2024-03-10T00:00:00.000Z')).toBe('09/03/2024');
    expect(formatTime('2024-03-10T00:00:00.000Z')).toBe('21:00');
  });

  it('accepts dates, ISO strings and epoch milliseconds alike', () => {
    const iso = '2025-07-15T15:05:00Z';
    const ms = Date.parse(iso);
    expect(formatDate(iso)).toBe('15/07/2025');
    expect(formatDate(ms)).toBe('15/07/2025');
    expect(formatDate(new Date(ms))).toBe('15/07/2025');
    expect(formatTime(ms)).toBe('12:05');
  });

  it('pads day and month (dd/MM/yyyy) and hours (HH:mm, 24 h)', () => {
    expect(formatDate('2025-02-05T12:00:00Z')).toBe('05/02/2025');
    expect(formatTime('2025-02-05T12:07:00Z')).toBe('09:07');
    expect(formatTime('2025-02-05T20:00:00Z')).toBe('17:00');
  });

  it('follows the zone rules of the date (summer time in 2018)', () => {
    // Brazil still had summer time (UTC-2) in December 2018.
    expect(formatTime('2018-12-01T02:30:00Z')).toBe('00:30');
    expect(formatDate('2018-12-01T02:30:00Z')).toBe('01/12/2018');
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
  it('strips everything but digits', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('abc')).toBe('');
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
