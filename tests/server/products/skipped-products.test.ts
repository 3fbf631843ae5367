/** API of the skipped products (/produtos/skippedproducts): GET api/skippedproduct, DELETE api/skippedproduct/{id}. */
import { describe, expect, it } from 'vitest';
import { skippedProductList } from '../../../src/shared/contract/skipped-products';
import { SKIPPED_PRODUCT_MSG, SKIPPED_PRODUCT_PATHS } from '../../../src/shared/skipped-products';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const list = (token: string, localClienteId: string) => t.app.inject({ method: 'GET', url: `${SKIPPED_PRODUCT_PATHS.list}?localClienteId=${localClienteId}`, headers: t.auth(token) });
const remove = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: SKIPPED_PRODUCT_PATHS.one(id), headers: t.auth(token) });
const count = async () => (await rows<{ n: number }>(t, 'select count(*)::int as n from skipped_products'))[0].n;

describe('GET api/skippedproduct', () => {
  it('lists the venue’s skipped products, newest first, with product, list, equipment and reason', async () => {
    const res = await list(await t.login(DEMO.gerente), t.seed.venues.restaurant);
    expect(res.statusCode, res.body).toBe(200);
    const items = skippedProductList.parse(res.json());
    expect(items.map((i) => i.nomeProduto)).toEqual(['Valor variável', 'Taxa de serviço', 'Brownie com sorvete', 'Suco natural de laranja']);
    expect(items[0]).toMatchObject({ lista: 'Cardápio completo', equipamento: 'POS Caixa 1', motivo: 'Produto inativo no cadastro.', produtoId: expect.any(String) });
    const [p] = await rows<{ name: string; venue_id: string }>(t, `select name, venue_id from products where id = '${items[0].produtoId}'`);
    expect(p).toEqual({ name: 'Valor variável', venue_id: t.seed.venues.restaurant });
    expect(items.map((i) => i.data)).toEqual([...items.map((i) => i.data)].sort().reverse());
    // The school sees only its own.
    const school = skippedProductList.parse((await list(await t.login(DEMO.escola), t.seed.venues.school)).json());
    expect(school.map((i) => i.nomeProduto)).toEqual(['Coxinha assada']);
  });

  it('an empty list is an empty array', async () => {
    await t.db.exec(`delete from skipped_products where venue_id = '${t.seed.venues.restaurant}'`);
    const res = await list(await t.login(DEMO.gerente), t.seed.venues.restaurant);
    expect(res.json()).toEqual([]);
  });

  it('refuses bad input, no token, the wrong role and another venue', async () => {
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'GET', url: SKIPPED_PRODUCT_PATHS.list, headers: t.auth(gerente) })).statusCode).toBe(400);
    expect((await list(gerente, 'nao-e-um-id')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${SKIPPED_PRODUCT_PATHS.list}?localClienteId=${t.seed.venues.restaurant}` })).statusCode).toBe(401);
    // The kitchen tablet (role Painel only) lacks VinculoListaProduto.
    expect((await list(await t.login(DEMO.cozinha), t.seed.venues.restaurant)).statusCode).toBe(403);
    expect((await list(gerente, t.seed.venues.school)).statusCode).toBe(403);
  });
});

describe('DELETE api/skippedproduct/{id}', () => {
  it('dismisses one notice of the venue; the product stays in the catalogue', async () => {
    const gerente = await t.login(DEMO.gerente);
    const [first] = skippedProductList.parse((await list(gerente, t.seed.venues.restaurant)).json());
    const res = await remove(gerente, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: SKIPPED_PRODUCT_MSG.deleted });
    const after = skippedProductList.parse((await list(gerente, t.seed.venues.restaurant)).json());
    expect(after.map((i) => i.id)).not.toContain(first.id);
    expect(after).toHaveLength(3);
    expect(await rows(t, `select id from products where id = '${first.produtoId}'`)).toHaveLength(1);
    // Gone: a second delete is 404.
    expectError(await remove(gerente, first.id), 404, SKIPPED_PRODUCT_MSG.notFound);
  });

  it('refuses bad input, the wrong role and another venue’s notice, changing nothing', async () => {
    const gerente = await t.login(DEMO.gerente);
    const before = await count();
    expect((await remove(gerente, 'abc')).statusCode).toBe(400);
    const [mine] = skippedProductList.parse((await list(gerente, t.seed.venues.restaurant)).json());
    expect((await remove(await t.login(DEMO.cozinha), mine.id)).statusCode).toBe(403);
    const [theirs] = skippedProductList.parse((await list(await t.login(DEMO.escola), t.seed.venues.school)).json());
    // Another venue's real id answers like an id that exists nowhere (issue 37, uniform answers).
    const theirsRes = await remove(gerente, theirs.id);
    const randomRes = await remove(gerente, '00000000-0000-4000-8000-000000000000');
    expect(theirsRes.statusCode).toBe(404);
    expect([theirsRes.statusCode, theirsRes.json()]).toEqual([randomRes.statusCode, randomRes.json()]);
    expect((await t.app.inject({ method: 'DELETE', url: SKIPPED_PRODUCT_PATHS.one(mine.id) })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
