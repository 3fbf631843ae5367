import { isValidCnpj as libCnpj, isValidCpf as libCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCnpjDocument, isValidCnpj, isValidCpf, isValidNumericCnpj, normalizeCnpj } from './documents';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

describe('CNPJ, numeric and alphanumeric (IN RFB 2.229/2024)', () => {
  it.each(['12ABC34501DE35', '12.abc.345/01de-35', '11.222.333/0001-81', '11222333000181'])(
    'accepts the Receita Federal example and numeric ones, masked or not, in any case: %s',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(true),
  );

  it.each(['12ABC34501DE36', '11222333000182', '12ABC34501DEA5', '12ABC34501DE3', '00000000000000', 'AAAAAAAAAAAA00', '12ABC3450!DE35', '', null])(
    'refuses wrong check digits, letters in the check digits, wrong lengths and repeated characters: %j',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(false),
  );

  it('tells the numeric-only check apart', () => {
    expect(isValidNumericCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidNumericCnpj('12ABC34501DE35')).toBe(false);
  });

  it('agrees with @brazilian-utils on any 14 characters, and computes digits it accepts', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 99 }), (base, dv) => {
        const c = base.join('') + String(dv).padStart(2, '0');
        expect(isValidCnpj(c)).toBe(libCnpj(c, { version: 2 }));
      }),
      { numRuns: 2000, seed: 2229 },
    );
    // Every base has exactly one right pair of digits.
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { minLength: 12, maxLength: 12 }), (base) => {
        const b = base.join('');
        if (/^(.)\1{11}$/.test(b)) return;
        const right = Array.from({ length: 100 }, (_, i) => b + String(i).padStart(2, '0')).filter((c) => isValidCnpj(c));
        expect(right).toHaveLength(1);
      }),
      { numRuns: 200, seed: 2024 },
    );
  });

  it('normalises', () => expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35'));
  it.each([['12abc34501de35', '12.ABC.345/01DE-35'], ['11222333000181', '11.222.333/0001-81'], ['123', '123']])('formats %s as %s', (cnpj, shown) => {
    expect(formatCnpjDocument(cnpj)).toBe(shown);
  });
});

describe('CPF', () => {
  it('checks the digits like @brazilian-utils', () => {
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('11144477736')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (d) => {
        expect(isValidCpf(d)).toBe(libCpf(d));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});
