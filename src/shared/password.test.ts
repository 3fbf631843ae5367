import { describe, expect, it } from 'vitest';
import { PASSWORD_FORBIDDEN_WORDS, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from './constants';
import { isPlainName, isStrongPassword } from './password';

describe('isStrongPassword (spec 000 §9)', () => {
  it('accepts a password meeting every rule', () => {
    expect(isStrongPassword('Demo#2026')).toBe(true);
    expect(isStrongPassword('aB3@aaaa')).toBe(true);
  });

  it(`needs ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(30);
    expect(isStrongPassword('aB3@aaa')).toBe(false); // 7
    expect(isStrongPassword('aB3@aaaa')).toBe(true); // 8
    expect(isStrongPassword(`aB3@${'a'.repeat(26)}`)).toBe(true); // 30
    expect(isStrongPassword(`aB3@${'a'.repeat(27)}`)).toBe(false); // 31
    expect(isStrongPassword('')).toBe(false);
  });

  it('needs an upper-case letter', () => {
    expect(isStrongPassword('ab3@aaaa')).toBe(false);
  });

  it('needs a lower-case letter', () => {
    expect(isStrongPassword('AB3@AAAA')).toBe(false);
  });

  it('needs a digit', () => {
    expect(isStrongPassword('aBc@aaaa')).toBe(false);
  });

  it(`needs one of the specials ${PASSWORD_SPECIALS}, and only those count`, () => {
    expect(PASSWORD_SPECIALS).toBe('@!#$%?&');
    for (const c of PASSWORD_SPECIALS) expect(isStrongPassword(`aB3${c}aaaa`), c).toBe(true);
    for (const c of ['*', '.', '-', '_', '+', '=', ' ', '^', '~', '(', '/', 'ç']) {
      expect(isStrongPassword(`aB3${c}aaaa`), JSON.stringify(c)).toBe(false);
    }
    expect(isStrongPassword('aB3aaaaa')).toBe(false);
  });

  it('refuses "senha", "password" and the product names, in any case', () => {
    expect(PASSWORD_FORBIDDEN_WORDS).toEqual(expect.arrayContaining(['senha', 'password']));
    for (const pw of [
      'Senha#123',
      'minhaSENHA#1',
      'Password#1',
      'xPASSWORDx#1a',
      'Balcao#2026',
      'BALCÃO#2026a',
      'oBalcão#1',
      'Meep#2026a',
      'xxMEEPxx#1a',
    ]) {
      expect(isStrongPassword(pw), pw).toBe(false);
    }
  });

  it('refuses a forbidden word even when it makes the length', () => {
    expect(isStrongPassword('Senha#1a')).toBe(false);
  });

  it('does not refuse words that merely resemble them', () => {
    expect(isStrongPassword('Sena#2026')).toBe(true);
    expect(isStrongPassword('Pass#word1')).toBe(true);
    expect(isStrongPassword('Balc#ao12')).toBe(true);
  });
});

describe('isPlainName', () => {
  it('accepts letters, accents, spaces, apostrophes and hyphens', () => {
    for (const n of ['Ana', 'José da Silva', "D'Ávila", 'Ana-Maria', 'Conceição Müller', 'Ñandú', '  Ana  ']) {
      expect(isPlainName(n), n).toBe(true);
    }
  });

  it('refuses digits, symbols and other punctuation', () => {
    for (const n of ['Ana2', 'Ana@', 'Ana#', 'Ana.', 'Ana_B', 'Ana,B', '<b>', 'Ana!', 'Ana&Bia', 'Ana (filha)']) {
      expect(isPlainName(n), n).toBe(false);
    }
  });

  it('must start with a letter and not be blank', () => {
    expect(isPlainName('')).toBe(false);
    expect(isPlainName('   ')).toBe(false);
    expect(isPlainName('-Ana')).toBe(false);
    expect(isPlainName("'Ana")).toBe(false);
  });
});
