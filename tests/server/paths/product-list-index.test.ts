/**
 * The product list served from the in-memory index (src/server/modules/products/product-list-index.ts)
 * answers exactly what the database's order and filters give, and follows every write at once:
 * inserts, updates and deletes change the venue's version in the same transaction.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();

async function rows<T>(query: string): Promise<T[]> {
  return ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function addProducts(venueId: string, n: number) {
  await t.db.db.execute(`
    insert into products (venue_id, name, search_name, value_cents, type, description, active, internal_code)
    select '${venueId}', 'Hambúrguer teste ' || g, 'hamburguer teste ' || g, 1000 + g, case when g % 5 = 0 then 12 else 1 end, '', g % 3 <> 0, 'T' || lpad(g::text, 4, '0')
    from generate_series(1, ${n}) g`);
}

describe('product list from the in-memory index', () => {
  it('gives the database’s pages, search and filters, and follows each write at once', async () => {
    const venue = t.seed.venues.restaurant;
    await addProducts(venue, 75);
    const token = await t.login(DEMO.gerente);
    const list = async (qs: string) => {
      const res = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${venue}?${qs}`, headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      return res.json() as { Registros: Array<{ id: string; nome: string; ativo: boolean }>; QuantidadeTotal: number };
    };
    const expected = async (where: string, page: number) => {
      const ids = await rows<{ id: string }>(`select id from products where venue_id = '${venue}' ${where} order by search_name, id limit 20 offset ${(page - 1) * 20}`);
      const [{ n }] = await rows<{ n: number }>(`select count(*)::int as n from products where venue_id = '${venue}' ${where}`);
      return { ids: ids.map((r) => r.id), n };
    };
    const same = async (qs: string, where: string, page: number) => {
      const got = await list(qs);
      const want = await expected(where, page);
      expect(got.Registros.map((r) => r.id)).toEqual(want.ids);
      expect(got.QuantidadeTotal).toBe(want.n);
    };
    expect(await rows(`select 1 from product_list_versions where venue_id = '${venue}'`)).toHaveLength(1);
    await same('pagina=3', '', 3);
    await same('pagina=2&busca=BURGUER', `and search_name like '%burguer%'`, 2);
    await same('busca=T0042', `and internal_code = 'T0042'`, 1);
    await same('busca=t0042', `and internal_code = 'T0042'`, 1);
    await same('pagina=2&tipo=1&ativo=false', 'and type = 1 and active = false', 2);

    // An update (deactivating, renaming) and a delete show on the next request.
    const [first] = (await list('pagina=1')).Registros;
    expect(first.ativo).toBe(true);
    const off = await t.app.inject({ method: 'POST', url: `/api/Proprietario/DesativarProdutos/${first.id}`, headers: t.auth(token) });
    expect(off.statusCode).toBe(200);
    expect((await list('pagina=1')).Registros[0]).toMatchObject({ id: first.id, ativo: false });
    await t.db.db.execute(`update products set name = 'Zzz último', search_name = 'zzz ultimo' where id = '${first.id}'`);
    await same('pagina=1', '', 1);
    expect((await list('busca=zzz')).Registros.map((r) => r.id)).toEqual([first.id]);
    const before = (await list('pagina=1')).QuantidadeTotal;
    await t.db.db.execute(`delete from products where id = '${first.id}'`);
    expect((await list('busca=zzz')).QuantidadeTotal).toBe(0);
    expect((await list('pagina=1')).QuantidadeTotal).toBe(before - 1);
    await addProducts(venue, 3);
    await same('pagina=1&busca=teste 3', `and search_name like '%teste 3%'`, 1);
    // A page past the end is empty, with the total.
    expect(await list('pagina=999')).toMatchObject({ Registros: [], QuantidadeTotal: before + 2 });
  });

  it('shows a product’s own fields and its category’s new name on the next request', async () => {
    const venue = t.seed.venues.restaurant;
    const token = await t.login(DEMO.gerente);
    const list = async () => {
      const res = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${venue}?tamanho=100`, headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { Registros: Array<{ id: string; categoriaId: string | null; categoria: string | null; valor: number; descricao: string }> }).Registros;
    };
    const first = (await list()).find((r) => r.categoriaId)!;
    expect(first).toBeTruthy();
    await t.db.db.execute(`update product_categories set name = 'Categoria renomeada' where id = '${first.categoriaId}'`);
    const renamed = (await list()).filter((r) => r.categoriaId === first.categoriaId);
    expect(renamed.length).toBeGreaterThan(0);
    expect(renamed.every((r) => r.categoria === 'Categoria renomeada')).toBe(true);
    await t.db.db.execute(`update products set value_cents = 12345, description = 'Nova descrição' where id = '${first.id}'`);
    expect((await list()).find((r) => r.id === first.id)).toMatchObject({ valor: 123.45, descricao: 'Nova descrição' });
  });

  it('keeps each venue to its own products and its own members', async () => {
    await addProducts(t.seed.venues.school, 5);
    const escola = await t.login(DEMO.escola);
    const res = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.school}?busca=teste`, headers: t.auth(escola) });
    expect(res.json().QuantidadeTotal).toBe(5);
    const other = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.restaurant}?busca=teste`, headers: t.auth(escola) });
    expect(other.statusCode).toBe(403);
    const bad = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.school}?busca=${'x'.repeat(201)}`, headers: t.auth(escola) });
    expect(bad.statusCode).toBe(400);
  });
});
