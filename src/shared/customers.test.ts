import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { cpfFromBase } from '../server/modules/customers/customers.seed';
import { brDateToIso, CUSTOMER_MSG, customerActions, customerProblems, hideCpf, isValidBirthDate, maskCpf, maskPhone, searchKey } from './customers';

describe('customer rules (spec 000 §5)', () => {
  it('needs a name or a CPF', () => {
    expect(customerProblems({})).toEqual([{ path: 'nome', message: CUSTOMER_MSG.nameOrCpf }]);
    expect(customerProblems({ nome: 'Ana' })).toEqual([]);
    expect(customerProblems({ CPF: '529.982.247-25' })).toEqual([]);
  });
  it('checks CPF digits with the library, dates, e-mail, phone and lengths', () => {
    const msgs = (c: Parameters<typeof customerProblems>[0]) => customerProblems(c, '2026-11-23').map((p) => p.message);
    expect(msgs({ CPF: '529.982.247-24' })).toEqual([CUSTOMER_MSG.invalidCpf]);
    expect(msgs({ CPF: '111.111.111-11' })).toEqual([CUSTOMER_MSG.invalidCpf]);
    expect(msgs({ nome: 'a', dataNascimento: '2026-11-24' })).toEqual([CUSTOMER_MSG.invalidDate]);
    expect(msgs({ nome: 'a', dataNascimento: '2026-11-23' })).toEqual([]);
    expect(msgs({ nome: 'a', email: 'a@b' })).toEqual([CUSTOMER_MSG.invalidEmail]);
    expect(msgs({ nome: 'a', telefone: '(11) 9876' })).toEqual([CUSTOMER_MSG.invalidPhone]);
    expect(msgs({ nome: 'a', identificador: 'x'.repeat(100) })).toEqual([]);
    expect(msgs({ nome: 'a', identificador: 'x'.repeat(101) })).toEqual([CUSTOMER_MSG.identifierMax]);
  });
  it('validates calendar dates', () => {
    expect(isValidBirthDate('2000-02-29', '2026-01-01')).toBe(true);
    expect(isValidBirthDate('2001-02-29', '2026-01-01')).toBe(false);
    expect(isValidBirthDate('1899-12-31', '2026-01-01')).toBe(false);
    expect(brDateToIso('17/05/1990')).toBe('1990-05-17');
    expect(brDateToIso('17/05/19')).toBeNull();
  });
  const masks = { CPF: maskCpf, phone: maskPhone };
  it.each([
    ['CPF', '52998224725', '529.982.247-25'], ['CPF', '5299', '529.9'],
    ['phone', '11987654321', '(11) 98765-4321'], ['phone', '1133334444', '(11) 3333-4444'],
  ] as const)('masks CPF and phone as typed (%s: %s → %s)', (kind, typed, shown) => expect(masks[kind](typed)).toBe(shown));
  it('blocked and alerted are mutually exclusive (§4)', () => {
    const cpf = '52998224725';
    expect(customerActions({ estaBloqueado: true, estaAlertado: false, CPF: cpf })).toEqual({ canBlock: false, canUnblock: true, canAlert: false, canDisarm: false });
    expect(customerActions({ estaBloqueado: false, estaAlertado: true, CPF: cpf })).toEqual({ canBlock: false, canUnblock: false, canAlert: false, canDisarm: true });
    expect(customerActions({ estaBloqueado: false, estaAlertado: false, CPF: cpf })).toEqual({ canBlock: true, canUnblock: false, canAlert: true, canDisarm: false });
    expect(customerActions({ estaBloqueado: false, estaAlertado: false, CPF: null }).canBlock).toBe(false);
  });
  it('a list’s hidden CPF still allows block and alert; one hidden whole (not 11 digits) does not; hiding twice changes nothing', () => {
    expect(hideCpf('52998224725')).toBe('***.982.247-**');
    expect(hideCpf('***.982.247-**')).toBe('***.982.247-**');
    expect(hideCpf('123')).toBe('***.***.***-**');
    expect(hideCpf('***.***.***-**')).toBe('***.***.***-**');
    expect(customerActions({ estaBloqueado: false, estaAlertado: false, CPF: '***.982.247-**' }).canBlock).toBe(true);
    expect(customerActions({ estaBloqueado: false, estaAlertado: false, CPF: '***.***.***-**' }).canBlock).toBe(false);
  });
  it('search key ignores accents and case; seed CPFs are valid', () => {
    expect(searchKey('  Vinícius ÚRSULA ')).toBe('vinicius ursula');
    for (let i = 0; i < 50; i++) expect(isValidCpf(cpfFromBase(String(100000000 + i * 7919)))).toBe(true);
  });
});
