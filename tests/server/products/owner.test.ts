import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

describe('owner settings and lists (api/Proprietario, api/CustomSaleMenu)', () => {
  it('BuscarConfiguracoesDoLocal answers GerarNFCE and what the success page needs', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDoLocal/${t.seed.venues.restaurant}`, headers: await as(DEMO.gerente) });
    expect(r.json()).toEqual({ localId: t.seed.venues.restaurant, GerarNFCE: true, tipoLocal: 9, origemPropostaCliente: 2, deliveryConfigurado: expect.any(Boolean) });
    const s = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDoLocal/${t.seed.venues.school}`, headers: await as(DEMO.escola) });
    expect(s.json()).toMatchObject({ GerarNFCE: false, tipoLocal: 4, origemPropostaCliente: 1 });
    expectError(await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDoLocal/${t.seed.venues.school}`, headers: await as(DEMO.gerente) }), 403, MSG.accessDenied);
  });

  it('delivery counts as configured once the place has a food configuration', async () => {
    const venue = t.seed.venues.restaurant;
    await t.db.exec(`delete from food_configs where venue_id = '${venue}'`);
    const headers = await as(DEMO.gerente);
    const before = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDoLocal/${venue}`, headers });
    expect(before.json().deliveryConfigurado).toBe(false);
    await t.db.exec(`insert into food_configs (venue_id, url_meep_food, data) values ('${venue}', 'sabor-da-casa-teste', '{}')`);
    const after = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDoLocal/${venue}`, headers });
    expect(after.json().deliveryConfigurado).toBe(true);
  });

  it('BuscarLocaisOndeUsuarioEProprietario lists the user’s places', async () => {
    const admin = (await t.app.inject({ method: 'GET', url: '/api/Proprietario/BuscarLocaisOndeUsuarioEProprietario/', headers: await as(DEMO.admin) })).json();
    expect(admin.map((p: { nome: string }) => p.nome)).toEqual(['Restaurante Sabor da Casa', 'Colégio Horizonte', 'Instituto Mãos que Ajudam']);
    const escola = (await t.app.inject({ method: 'GET', url: '/api/Proprietario/BuscarLocaisOndeUsuarioEProprietario/', headers: await as(DEMO.escola) })).json();
    expect(escola).toEqual([{ id: t.seed.venues.school, nome: 'Colégio Horizonte' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/Proprietario/BuscarLocaisOndeUsuarioEProprietario/' })).statusCode).toBe(401);
  });

  it('BuscarConfiguracoesDeTransacaoDoLocal answers dadosBancarios and the split flag', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/${t.seed.venues.restaurant}`, headers: await as(DEMO.gerente) });
    expect(r.json()).toEqual({ dadosBancarios: [expect.objectContaining({ descricao: expect.stringContaining('Banco do Brasil') })], possuiSplit: true });
    expectError(await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/${t.seed.venues.restaurant}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
  });

  it('BuscarListasProdutosDoLocal and CustomSaleMenu/GetByLocal list the place’s own', async () => {
    const headers = await as(DEMO.gerente);
    const lists = (await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarListasProdutosDoLocal/${t.seed.venues.restaurant}`, headers })).json();
    expect(lists.map((l: { descricao: string }) => l.descricao)).toEqual(['Bar', 'Cardápio completo']);
    expect(lists[0].listaProdutoId).toMatch(/^[0-9a-f-]{36}$/);
    const menus = (await t.app.inject({ method: 'GET', url: `/api/CustomSaleMenu/GetByLocal/${t.seed.venues.restaurant}`, headers })).json();
    expect(menus.map((m: { name: string }) => m.name)).toEqual(['Cardápio do almoço', 'Happy hour']);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarListasProdutosDoLocal/${t.seed.venues.school}`, headers }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/CustomSaleMenu/GetByLocal/${t.seed.venues.school}`, headers }), 403, MSG.accessDenied);
  });
});
