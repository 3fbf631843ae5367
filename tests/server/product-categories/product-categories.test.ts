/**
 * Product categories of a place (issue 24), on the catalogue's own table: the product screens see
 * every change; a category with products is never deleted.
 */
import { describe, expect, it } from 'vitest';
import { productCategoryList } from '../../../src/shared/contract/product-categories';
import { MSG } from '../../../src/shared/messages';
import { PRODUCT_CATEGORY_MSG as M } from '../../../src/shared/product-categories';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows, sqlFor } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const list = async (headers: Record<string, string>, localId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/DoLocal/${localId}`, headers });
const create = (headers: Record<string, string>, nome: string, localClienteId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'POST', url: '/api/CategoriaProduto', headers, payload: { localClienteId, nome } });
const put = (headers: Record<string, string>, id: string, nome: string, localClienteId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'PUT', url: `/api/CategoriaProduto/${id}`, headers, payload: { localClienteId, nome } });
const del = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/CategoriaProduto/${id}`, headers });

describe('product categories', () => {
  it('lists the demo categories with their product counts', async () => {
    const h = await as(DEMO.gerente);
    const cats = productCategoryList.parse((await list(h)).json());
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from products where venue_id = '${t.seed.venues.restaurant}' and category_id is not null`);
    expect(cats.reduce((s, c) => s + c.quantidadeProdutos, 0)).toBe(n);
    expect(cats.find((c) => c.nome === 'Lanches')!.quantidadeProdutos).toBeGreaterThanOrEqual(3);
  });

  it('a new category shows in the product wizard; a rename shows on its products; an empty one is deleted', async () => {
    const h = await as(DEMO.gerente);
    const res = await create(h, 'Saladas');
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(M.created);
    const id = res.json().id as string;
    const filtro = await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/Filtro?localId=${t.seed.venues.restaurant}`, headers: h });
    expect(filtro.statusCode).toBe(200);
    expect(JSON.stringify(filtro.json())).toContain(id);
    const [img] = await rows<{ image_url: string }>(t, `select image_url from product_categories where id = '${id}'`);
    expect(img.image_url).toBe(`/api/imagens/${t.seed.venues.restaurant}/categorias/${id}`);

    const lanches = productCategoryList.parse((await list(h)).json()).find((c) => c.nome === 'Lanches')!;
    expect((await put(h, lanches.id, 'Lanches da casa')).json()).toEqual({ id: lanches.id, Message: M.saved });
    const [p] = await rows<{ n: number }>(t, `select count(*)::int as n from products where category_id = '${lanches.id}'`);
    expect(p.n).toBe(lanches.quantidadeProdutos);

    expect((await del(h, id)).json()).toEqual({ Message: M.deleted });
    expect(productCategoryList.parse((await list(h)).json()).some((c) => c.id === id)).toBe(false);
  });

  it('refuses to delete a category that holds products, naming how many', async () => {
    const h = await as(DEMO.gerente);
    const lanches = productCategoryList.parse((await list(h)).json()).find((c) => c.nome === 'Lanches')!;
    expectError(await del(h, lanches.id), 409, M.hasProducts(lanches.quantidadeProdutos));
    expect(productCategoryList.parse((await list(h)).json()).some((c) => c.id === lanches.id)).toBe(true);
  });

  it('refuses a blank, a too long and a repeated name (any case, curly apostrophes straightened)', async () => {
    const h = await as(DEMO.gerente);
    expectError(await create(h, '  '), 400, M.nameRequired, true);
    expectError(await create(h, 'x'.repeat(101)), 400, M.nameTooLong, true);
    expectError(await create(h, 'BEBIDAS'), 409, M.duplicate, true);
    expect((await create(h, 'Pão d’água')).statusCode).toBe(201);
    expectError(await create(h, "pão d'água"), 409, M.duplicate);
    const [porcoes] = productCategoryList.parse((await list(h)).json()).filter((c) => c.nome === 'Porções');
    expectError(await put(h, porcoes.id, 'bebidas'), 409, M.duplicate);
  });

  it('needs a manager role to change; a member without roles and a tablet only read', async () => {
    const tablet = await as(DEMO.cozinha);
    // The board's tablet reads the catalogue (permissions: catalogue reads are open to devices).
    expect((await list(tablet)).statusCode).toBe(200);
    expectError(await create(tablet, 'Nova'), 403, MSG.accessDenied);
    await sqlFor(t, DEMO.gerente, `update memberships set roles = '' where user_id = (select id from users where email = :email)`);
    const member = await as(DEMO.gerente);
    const [first] = productCategoryList.parse((await list(member)).json());
    expectError(await create(member, 'Nova'), 403, MSG.accessDenied);
    expectError(await put(member, first.id, 'Outra'), 403, MSG.accessDenied);
    expectError(await del(member, first.id), 403, MSG.accessDenied);
  });

  it("never reaches another place's categories", async () => {
    const [first] = productCategoryList.parse((await list(await as(DEMO.gerente))).json());
    const escola = await as(DEMO.escola);
    expectError(await list(escola), 403, MSG.accessDenied);
    expectError(await create(escola, 'Nova'), 403, MSG.accessDenied);
    expectError(await put(escola, first.id, 'Outra', t.seed.venues.school), 404, M.notFound);
    expectError(await del(escola, first.id), 404, M.notFound);
    const admin = await as(DEMO.admin);
    expectError(await put(admin, first.id, 'Outra', t.seed.venues.school), 403, MSG.accessDenied);
  });
});
