/**
 * Alphanumeric CNPJ (Receita Federal, from July 2026) accepted wherever a CNPJ is: the bank transfer's
 * document and a Pix key of type CNPJ. Vectors: Receita Federal's published example "12.ABC.345/01DE-35"
 * (its check digits computed by Receita's rule: ASCII − 48, weights 2–9 from the right, mod 11), and
 * its numeric example 11.222.333/0001-81.
 */
import { describe, expect, it } from 'vitest';
import { normalizePixKey } from './bank-accounts';
import { FINANCE_MSG, transferErrors, type TransferInput } from './finance';

const RECEITA_ALPHANUMERIC = '12.ABC.345/01DE-35';

describe('alphanumeric CNPJ', () => {
  const ok: TransferInput = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: RECEITA_ALPHANUMERIC, codigoBanco: '341', titularConta: 'Sabor da Casa Ltda', valorTransferencia: '1234.56', tipoContaBancaria: 3 };

  it('a bank transfer to an alphanumeric CNPJ is accepted (payment account: a company), a wrong check digit is not', () => {
    expect(transferErrors(ok)).toEqual({});
    expect(transferErrors({ ...ok, documentoContaBancaria: '12abc34501de35' })).toEqual({});
    expect(transferErrors({ ...ok, documentoContaBancaria: '12.ABC.345/01DE-36' }).documentoContaBancaria).toBe(FINANCE_MSG.documentInvalid);
    // Letters are not dropped into a different (valid-looking) number.
    expect(transferErrors({ ...ok, documentoContaBancaria: '1A1.222.333/0001-81' }).documentoContaBancaria).toBe(FINANCE_MSG.documentInvalid);
    expect(transferErrors({ ...ok, tipoContaBancaria: 2 }).tipoContaBancaria).toBe(FINANCE_MSG.savingsNeedsCpf);
  });

  it('a Pix key of type CNPJ keeps its letters; numeric ones as before; invalid ones refused', () => {
    expect(normalizePixKey('cnpj', RECEITA_ALPHANUMERIC)).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '12abc34501de35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '12.ABC.345/01DE-34')).toBeNull();
    expect(normalizePixKey('cnpj', '12ABC34501DE35;')).toBeNull();
  });
});
