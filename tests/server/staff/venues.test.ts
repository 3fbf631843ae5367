/** POST api/Local/Cadastrar (issue 24): a new account creates its place and manages it. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { VENUE_ROLES } from '../../../src/shared/roles';
import { STAFF_MSG } from '../../../src/shared/staff';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { createPlace, newAccount, placeBody, placeRoles } from './helpers';

const t = useTestApp();

describe('POST api/Local/Cadastrar', () => {
  it('creates the place; its creator is the manager with every venue role; a second place comes first', async () => {
    const token = await newAccount(t, 'paula@padaria.com.br');
    const before = (await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(token) })).json();
    expect(before.locais).toEqual([]);

    const id = await createPlace(t, token);
    const info = (await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(token) })).json();
    expect(info.locais).toEqual([{ id, nome: 'Padaria Pão Quente', tipo: 18, origemPropostaCliente: 1 }]);
    expect(await placeRoles(t, token, id)).toEqual([...VENUE_ROLES].sort());
    const [addr] = await rows(t, `select street, number, complement, district, postal_code, state, city from venue_addresses where venue_id = '${id}'`);
    expect(addr).toEqual({ street: 'Avenida Paulista', number: '1000', complement: 'Loja 2', district: 'Bela Vista', postal_code: '01310100', state: 'SP', city: 'São Paulo' });
    expect((await rows(t, `select cnpj from venue_tax_ids where venue_id = '${id}'`))[0]).toEqual({ cnpj: '11222333000181' });
    // A snack bar serves at tables: ten tables for the waiters.
    expect(await rows(t, `select name from kds_tables where venue_id = '${id}' order by position`)).toHaveLength(10);
    const audit = await rows<{ actor_name: string; description: string }>(t, `select actor_name, description from staff_audit where venue_id = '${id}'`);
    expect(audit).toEqual([{ actor_name: 'Paula Padeira', description: 'Cadastrou Padaria Pão Quente (Lanchonete, CNPJ 11.222.333/0001-81)' }]);

    // A person may own several places; the alphanumeric CNPJ is accepted, masked and in lower case.
    const second = await createPlace(t, token, { nome: 'Pão Quente Centro', tipo: 19, cnpj: '12.abc.345/01de-35' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(token) })).json();
    expect(after.locais.map((l: { id: string }) => l.id)).toEqual([second, id]);
    expect((await rows(t, `select cnpj from venue_tax_ids where venue_id = '${second}'`))[0]).toEqual({ cnpj: '12ABC34501DE35' });
  });

  it('answers 400 with a pt-BR message per bad field', async () => {
    const token = await newAccount(t, 'paula@padaria.com.br');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nome: '  ' }, STAFF_MSG.placeNameRequired],
      [{ tipo: 25 }, STAFF_MSG.placeTypeRequired],
      [{ tipo: 0 }, STAFF_MSG.placeTypeRequired],
      [{ cnpj: '11.222.333/0001-82' }, STAFF_MSG.cnpjInvalid],
      [{ cnpj: '12ABC34501DE36' }, STAFF_MSG.cnpjInvalid],
      [{ cnpj: '00000000000000' }, STAFF_MSG.cnpjInvalid],
      [{ cep: '0131010' }, STAFF_MSG.cepInvalid],
      [{ endereco: '' }, STAFF_MSG.streetRequired],
      [{ numero: '' }, STAFF_MSG.numberRequired],
      [{ bairro: '' }, STAFF_MSG.districtRequired],
      [{ cidade: '' }, STAFF_MSG.cityRequired],
      [{ uf: 'XX' }, STAFF_MSG.ufInvalid],
    ];
    for (const [over, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Local/Cadastrar', headers: t.auth(token), payload: placeBody(over) });
      expectError(res, 400, message, true);
    }
    expect(await rows(t, `select id from venues where name = 'Padaria Pão Quente'`)).toHaveLength(0);
  });

  it('refuses a device account (the kitchen tablet) and anyone signed out', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Local/Cadastrar', headers: t.auth(kitchen), payload: placeBody() }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Local/Cadastrar', payload: placeBody() }), 401, MSG.unauthorized);
  });

  it('does not let a place creator reach another place', async () => {
    const token = await newAccount(t, 'paula@padaria.com.br');
    await createPlace(t, token);
    const res = await t.app.inject({ method: 'GET', url: `/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`, headers: t.auth(token) });
    expectError(res, 403, MSG.accessDenied);
  });
});
