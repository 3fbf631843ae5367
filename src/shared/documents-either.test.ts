import { describe, expect, it } from 'vitest';
import { formatCpfOrCnpj, isValidCpf, isValidCpfOrCnpj, normalizeDocument } from './documents';
import { formatDocument } from './format';

describe('a field that takes a CPF or a CNPJ (shared/documents.ts)', () => {
  it('takes a CPF and a numeric or alphanumeric CNPJ, masked or not', () => {
    for (const ok of ['529.982.247-25', '52998224725', '11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '12abc34501de35']) expect(isValidCpfOrCnpj(ok), ok).toBe(true);
  });
  it('refuses wrong check digits, repeated digits, letters in a CPF, other signs and other lengths', () => {
    for (const bad of ['529.982.247-26', '111.111.111-11', '11.222.333/0001-82', '529.982.247-2A', '5299822472A', '529.982.247-25;', '12.ABC.345/01DE-36', '12ABC34501DEA5', '1234', '', '52998224725X1']) {
      expect(isValidCpfOrCnpj(bad), bad).toBe(false);
    }
    expect(isValidCpf('529.982.247-25A')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(true);
  });
  it('normalises both shapes, keeping the letters', () => expect(normalizeDocument(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35'));
  it.each([
    ['formatCpfOrCnpj', '52998224725', '529.982.247-25'], ['formatCpfOrCnpj', '12ABC34501DE35', '12.ABC.345/01DE-35'],
    ['formatDocument', '12ABC34501DE35', '12.ABC.345/01DE-35'], ['formatDocument', '11222333000181', '11.222.333/0001-81'],
  ] as const)('formats both shapes, keeping the letters (%s: %s → %s)', (name, doc, shown) => {
    expect({ formatCpfOrCnpj, formatDocument }[name](doc)).toBe(shown);
  });
});
