/** Customer categories of a place (issue 24): list with counts, create, edit, delete; roles and other places. */
import { describe, expect, it } from 'vitest';
import { customerCategoryList } from '../../../src/shared/contract/customer-categories';
import { CUSTOMER_CATEGORY_MSG as M } from '../../../src/shared/customer-categories';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows, sqlFor } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const list = async (headers: Record<string, string>, localId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/CategoriasCliente/${localId}`, headers });
const create = (headers: Record<string, string>, descricao: string, localClienteId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/CategoriaCliente', headers, payload: { localClienteId, descricao } });
const put = (headers: Record<string, string>, id: string, descricao: string, localClienteId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'PUT', url: `/api/ClienteEstabelecimento/CategoriaCliente/${id}`, headers, payload: { localClienteId, descricao } });
const del = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/ClienteEstabelecimento/CategoriaCliente/${id}`, headers });

describe('customer categories', () => {
  it('lists the categories with their customer counts; created and renamed ones reach the customers screen', async () => {
    const h = await as(DEMO.gerente);
    const cats = customerCategoryList.parse((await list(h)).json());
    expect(cats.map((c) => c.descricao)).toEqual(['Frequente', 'Funcionário', 'VIP']);
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from customers where category_id is not null and venue_id = '${t.seed.venues.restaurant}'`);
    expect(cats.reduce((s, c) => s + c.quantidadeClientes, 0)).toBe(n);

    const res = await create(h, '  Aniversariante ');
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(M.created);
    const id = res.json().id as string;
    expect((await put(h, id, 'Aniversariante do mês')).json()).toEqual({ id, Message: M.saved });
    const portal = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/buscarCategoriaClientePortal/${t.seed.venues.restaurant}`, headers: h });
    expect(JSON.stringify(portal.json())).toContain('Aniversariante do mês');
  });

  it('deleting a category leaves its customers in the registry, without a category', async () => {
    const h = await as(DEMO.gerente);
    const vip = customerCategoryList.parse((await list(h)).json()).find((c) => c.descricao === 'VIP')!;
    expect(vip.quantidadeClientes).toBeGreaterThan(0);
    const [{ before }] = await rows<{ before: number }>(t, `select count(*)::int as before from customers where venue_id = '${t.seed.venues.restaurant}'`);
    expect((await del(h, vip.id)).json()).toEqual({ Message: M.deleted });
    const [{ after }] = await rows<{ after: number }>(t, `select count(*)::int as after from customers where venue_id = '${t.seed.venues.restaurant}'`);
    expect(after).toBe(before);
    expect(customerCategoryList.parse((await list(h)).json()).some((c) => c.id === vip.id)).toBe(false);
    expectError(await del(h, vip.id), 404, M.notFound);
  });

  it('refuses a blank, a too long and a repeated description', async () => {
    const h = await as(DEMO.gerente);
    expectError(await create(h, ' '), 400, M.nameRequired, true);
    expectError(await create(h, 'x'.repeat(101)), 400, M.nameTooLong, true);
    expectError(await create(h, 'vip'), 409, M.duplicate, true);
    const res = await t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/CategoriaCliente', headers: h, payload: { localClienteId: t.seed.venues.restaurant } });
    expectError(res, 400, M.nameRequired, true);
  });

  it('needs a manager role to change; a device reads nothing', async () => {
    const tablet = await as(DEMO.garcom);
    expectError(await list(tablet), 403, MSG.accessDenied);
    expectError(await create(tablet, 'Nova'), 403, MSG.accessDenied);
    await sqlFor(t, DEMO.gerente, `update memberships set roles = '' where user_id = (select id from users where email = :email)`);
    const member = await as(DEMO.gerente);
    const [first] = customerCategoryList.parse((await list(member)).json());
    expectError(await create(member, 'Nova'), 403, MSG.accessDenied);
    expectError(await put(member, first.id, 'Outra'), 403, MSG.accessDenied);
    expectError(await del(member, first.id), 403, MSG.accessDenied);
  });

  it("never reaches another place's categories", async () => {
    const [first] = customerCategoryList.parse((await list(await as(DEMO.gerente))).json());
    const escola = await as(DEMO.escola);
    expectError(await list(escola), 403, MSG.accessDenied);
    expectError(await create(escola, 'Nova'), 403, MSG.accessDenied);
    expectError(await put(escola, first.id, 'Outra', t.seed.venues.school), 404, M.notFound);
    expectError(await del(escola, first.id), 404, M.notFound);
    expect(customerCategoryList.parse((await list(escola, t.seed.venues.school)).json()).map((c) => c.descricao)).toEqual(['Responsável']);
  });
});
