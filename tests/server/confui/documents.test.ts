/**
 * CPF and CNPJ through shared/documents.ts on every input that takes one (issue 26): check digits,
 * no letters in a CPF, and the alphanumeric CNPJ (IN RFB 2.229/2024) wherever a CNPJ is taken.
 */
import { describe, expect, it } from 'vitest';
import { ACC_MSG } from '../../../src/shared/accreditation';
import { BANK_ACCOUNT_MSG } from '../../../src/shared/bank-accounts';
import { DEMO, useTestApp } from '../../setup/server';
import { CONTACT } from '../accreditation/contact';
import { expectError } from '../helpers';
import { intake, intakeBody, restaurant } from '../orders-helpers';

const t = useTestApp();
/** A valid alphanumeric CNPJ (the Receita Federal's example), masked. */
const ALNUM_CNPJ = '12.ABC.345/01DE-35';

describe('accreditation contact (POST api/Admin/UpdateContactLocalCliente)', () => {
  it('refuses wrong check digits, repeated digits and a CPF with a letter with "CPF inválido"; takes a CPF and both CNPJ shapes', async () => {
    const token = await t.login(DEMO.admin);
    const save = (Document: string) =>
      t.app.inject({ method: 'POST', url: '/api/Admin/UpdateContactLocalCliente', headers: t.auth(token), payload: { ...CONTACT, Document, LocalClienteId: t.seed.venues.donations } });
    for (const bad of ['529.982.247-26', '111.111.111-11', '11.222.333/0001-82', '529.982.247-2A', '12.ABC.345/01DE-36']) {
      const res = await save(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual(expect.arrayContaining([{ path: 'body.Document', message: ACC_MSG.cpfInvalid }]));
    }
    for (const good of ['529.982.247-25', '11.222.333/0001-81', ALNUM_CNPJ]) {
      expect((await save(good)).statusCode, good).toBe(200);
    }
  });
});

describe('order intake (POST api/kds/intake) Cliente.CPF', () => {
  it('refuses "529.982.247-2A" and wrong check digits; takes a CPF, a CNPJ and none', async () => {
    const token = await t.login(DEMO.cozinha);
    const withDoc = (CPF: string | null) => intakeBody(restaurant(t), { OrigemPedido: 2, Cliente: { Nome: 'Marta', CPF, Endereco: { Logradouro: 'Rua', Numero: '1' } } });
    for (const bad of ['529.982.247-2A', '52998224726', '11111111111', '1234']) {
      expectError(await intake(t, token, withDoc(bad)), 400, 'Informe um CPF ou CNPJ válido para o cliente.');
    }
    for (const good of ['529.982.247-25', ALNUM_CNPJ, '', null]) {
      expect((await intake(t, token, withDoc(good))).statusCode, String(good)).toBe(201);
    }
  });
});

describe('bank account holder (POST api/ContaBancaria)', () => {
  it('takes an alphanumeric CNPJ, stored without its mask; refuses one with wrong check digits', async () => {
    const headers = t.auth(await t.login(DEMO.gerente));
    const body = (documentoContaBancaria: string) => ({
      localClienteId: t.seed.venues.restaurant,
      codigoBanco: '260',
      agencia: '0001',
      contaBancaria: '9988776',
      digitoContaBancaria: '5',
      tipoContaBancaria: 1,
      titularConta: 'Empresa Nova Ltda',
      documentoContaBancaria,
      tipoChavePix: null,
      chavePix: null,
      chavePixDoEstabelecimento: false,
    });
    expectError(await t.app.inject({ method: 'POST', url: '/api/ContaBancaria', headers, payload: body('12.ABC.345/01DE-36') }), 400, BANK_ACCOUNT_MSG.document, true);
    const ok = await t.app.inject({ method: 'POST', url: '/api/ContaBancaria', headers, payload: body(ALNUM_CNPJ) });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = (await t.app.inject({ url: `/api/ContaBancaria/BuscarDoLocal/${t.seed.venues.restaurant}`, headers })).json() as Array<{ titularConta: string; documentoContaBancaria: string }>;
    expect(list.find((a) => a.titularConta === 'Empresa Nova Ltda')?.documentoContaBancaria).toBe('12ABC34501DE35');
  });
});
