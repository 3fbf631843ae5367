import { describe, expect, it } from 'vitest';
import { bankAccountLabel, isValidHolderDocument, normalizePixKey } from './bank-accounts';

describe('normalizePixKey (DICT forms)', () => {
  it('keeps CPF and CNPJ as digits, only with valid check digits', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-26')).toBeNull();
    expect(normalizePixKey('cnpj', '12.345.678/0001-95')).toBe('12345678000195');
    expect(normalizePixKey('cnpj', '11.111.111/1111-11')).toBeNull();
  });
  it('lower-cases e-mails (at most 77 characters) and random keys', () => {
    expect(normalizePixKey('email', ' Caixa@Empresa.com.BR ')).toBe('caixa@empresa.com.br');
    expect(normalizePixKey('email', `${'a'.repeat(70)}@ex.com.br`)).toBeNull();
    expect(normalizePixKey('email', 'sem-arroba')).toBeNull();
    expect(normalizePixKey('aleatoria', '123E4567-E89B-42D3-A456-426614174000')).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(normalizePixKey('aleatoria', '123e4567')).toBeNull();
  });
  it('writes Brazilian phones as +55 with DDD, typed with or without the country code', () => {
    expect(normalizePixKey('telefone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('telefone', '+55 21 3456-7890')).toBe('+552134567890');
    expect(normalizePixKey('telefone', '98765-4321')).toBeNull();
    expect(normalizePixKey('telefone', '(01) 98765-4321')).toBeNull();
  });
  it('refuses an unknown type', () => expect(normalizePixKey('boleto', 'x')).toBeNull());
});

describe('bank account helpers', () => {
  it.each([['529.982.247-25', true], ['12.345.678/0001-95', true], ['12.345.678/0001-94', false], ['123', false]])(
    'accepts a holder CPF or CNPJ with right check digits only: %s → %s',
    (document, valid) => expect(isValidHolderDocument(document)).toBe(valid),
  );
  it('names an account by bank, agency, kind and number', () => {
    expect(bankAccountLabel({ codigoBanco: '341', agencia: '0912', contaBancaria: '45678', digitoContaBancaria: '3', tipoContaBancaria: 1 })).toBe('Itaú — Ag. 0912 / CC 45678-3');
    expect(bankAccountLabel({ codigoBanco: '999', agencia: '0001', contaBancaria: '1', digitoContaBancaria: 'X', tipoContaBancaria: 2 })).toBe('Banco 999 — Ag. 0001 / CP 1-X');
  });
});
