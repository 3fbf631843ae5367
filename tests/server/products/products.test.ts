import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_MSG, PRODUCT_PLACEHOLDER_IMAGE } from '../../../src/shared/products';
import { STORE_MSG } from '../../../src/shared/stores';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { categoryId, PNG_1PX, productId, storeId, wizardPayload } from './helpers';
import { expectError, rows } from '../helpers';

const t = useTestApp();

async function as(email: string) {
  return t.auth(await t.login(email));
}

describe('POST api/Produto/AdicionarProdutoV2 (wizard)', () => {
  it('creates the product with a new category, add-ons, observations and fiscal data, answering 201 with Id', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: wizardPayload(venue) });
    expect(res.statusCode).toBe(201);
    const { Id } = res.json();
    expect(Id).toMatch(/^[0-9a-f-]{36}$/);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${Id}`, headers })).json();
    // Apostrophes straightened; value in reais; stored fiscal data with the masks.
    expect(detail).toMatchObject({ nome: "Parmegiana's da casa", valor: 45.9, ativo: false, tipo: 1, ncm: '2106.90.90', cfop: '5.102', categoriaNome: 'Pratos do dia', quantidadeAdicionaisGratuito: 1 });
    expect(detail.fotoProduto).toMatch(new RegExp(`^/api/imagens/${venue}/[a-f0-9]{40}\\.png$`));
    expect(detail.composicao).toHaveLength(2);
    expect(detail.composicao[0]).toMatchObject({ produtoNome: 'Farofa especial', produtoValor: 4.5, tipo: 1, quantidade: 1, podeSerGratuito: false });
    expect(detail.composicao[1]).toMatchObject({ produtoNome: 'Molho extra', tipo: 2, minimo: 0, maximo: 2, podeSerGratuito: true, quantidadeGratuito: 1 });
    expect(detail.observacoes).toEqual([
      expect.objectContaining({ descricao: 'Ponto do filé', tipo: 1, opcoes: [expect.objectContaining({ descricao: 'Ao ponto' }), expect.objectContaining({ descricao: 'Bem passado' })] }),
    ]);
    // The typed add-ons became products of the venue; "Ao ponto" reused the existing option.
    await productId(t, venue, 'Farofa especial');
    const opts = await rows<{ n: number }>(t, `select count(*)::int as n from observation_options where venue_id = '${venue}' and lower(description) = 'ao ponto'`);
    expect(opts[0].n).toBe(1);

    // The image is served publicly with cache headers and its content type.
    const img = await t.app.inject({ method: 'GET', url: detail.fotoProduto });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
  });

  it('uses an existing category and an existing product as add-on (its value, not the one sent)', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const cat = await categoryId(t, venue, 'Lanches');
    const bacon = await productId(t, venue, 'Bacon extra');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Produto/AdicionarProdutoV2',
      headers,
      payload: wizardPayload(venue, {
        CategoriaId: cat,
        NomeCategoria: 'Lanches',
        QuantidadeAdicionaisGratuito: 0,
        Adicionais: [{ IdProduto: bacon, NomeProduto: 'Bacon extra', ValorProduto: 99, TipoAdicional: 3, Quantidade: 2 }],
        Observacoes: [],
      }),
    });
    expect(res.statusCode).toBe(201);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${res.json().Id}`, headers })).json();
    expect(detail.categoriaLocalClienteId).toBe(cat);
    expect(detail.composicao[0]).toMatchObject({ produtoId: bacon, produtoValor: 6, tipo: 3, quantidade: 2 });
  });

  it.each([
    ['no category', { NomeCategoria: '' }, PRODUCT_MSG.categoryRequired],
    ['no photo', { Foto: '' }, PRODUCT_MSG.photoRequired],
    ['a placeholder photo', { Foto: '/icons/placeholder-product.png' }, PRODUCT_MSG.photoRequired],
    ['no name', { Nome: '  ' }, PRODUCT_MSG.nameRequired],
    ['the reserved name', { Nome: 'VALOR Variável' }, PRODUCT_MSG.nameReserved],
    ['no value', { Valor: null }, PRODUCT_MSG.valueRequired],
    ['a negative value', { Valor: -1 }, PRODUCT_MSG.valueRequired],
    ['no NCM where NFC-e is issued', { NCM: '' }, PRODUCT_MSG.ncmRequired],
    ['no CFOP where NFC-e is issued', { CFOP: '' }, PRODUCT_MSG.cfopRequired],
    ['an incomplete NCM', { NCM: '2106.9' }, PRODUCT_MSG.ncmInvalid],
    ['a free add-on without free quantity', { Adicionais: [{ PodeSerGratuito: true, NomeProduto: 'X', TipoAdicional: 2, Minimo: 0, Maximo: 1, QuantidadeAdicionaisGratuito: 0 }] }, PRODUCT_MSG.additionalFreeRequired],
    ['an add-on without product', { Adicionais: [{ TipoAdicional: 1, Quantidade: 1 }] }, PRODUCT_MSG.additionalProductRequired],
    ['an add-on freer than the product', { QuantidadeAdicionaisGratuito: 1, Adicionais: [{ PodeSerGratuito: true, NomeProduto: 'X', TipoAdicional: 2, Minimo: 0, Maximo: 3, QuantidadeAdicionaisGratuito: 2 }] }, PRODUCT_MSG.additionalFreeOverProduct],
    ['an add-on of unknown type', { Adicionais: [{ NomeProduto: 'X', TipoAdicional: 9, Quantidade: 1 }] }, PRODUCT_MSG.additionalTypeRequired],
    ['a fixed add-on without quantity', { Adicionais: [{ NomeProduto: 'X', TipoAdicional: 1, Quantidade: 0 }] }, PRODUCT_MSG.additionalQuantityRequired],
    ['a variable add-on without maximum', { Adicionais: [{ NomeProduto: 'X', TipoAdicional: 2, Minimo: 0, Maximo: 0 }] }, PRODUCT_MSG.additionalMaxRequired],
    ['an observation without description', { Observacoes: [{ Descricao: '', Tipo: 1, Opcoes: [{ descricao: 'A' }] }] }, PRODUCT_MSG.observationDescriptionRequired],
    ['an observation without options', { Observacoes: [{ Descricao: 'Molho', Tipo: 2, Opcoes: [] }] }, PRODUCT_MSG.observationOptionsRequired],
  ])('refuses %s with the spec message', async (_name, over, message) => {
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: wizardPayload(t.seed.venues.restaurant, over) });
    expectError(res, 400, message, true);
  });

  it('does not require NCM and CFOP where the place issues no NFC-e (the school)', async () => {
    const headers = await as(DEMO.escola);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Produto/AdicionarProdutoV2',
      headers,
      payload: wizardPayload(t.seed.venues.school, { NCM: '', CFOP: '', Adicionais: [], Observacoes: [], QuantidadeAdicionaisGratuito: 0 }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an oversized image with the spec message and a fake image by its bytes', async () => {
    const headers = await as(DEMO.gerente);
    const big = `data:image/png;base64,${Buffer.alloc(5_500_001, 1).toString('base64')}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: wizardPayload(t.seed.venues.restaurant, { Foto: big }) });
    expectError(res, 400, PRODUCT_MSG.imageTooLarge);
    const fake = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    const res2 = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: wizardPayload(t.seed.venues.restaurant, { Foto: fake }) });
    expectError(res2, 400, PRODUCT_MSG.imageType);
  });

  it('refuses another venue, a category of another venue and a missing token', async () => {
    const headers = await as(DEMO.escola);
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: wizardPayload(t.seed.venues.restaurant) });
    expectError(res, 403, MSG.accessDenied);
    const schoolCat = await categoryId(t, t.seed.venues.school, 'Bebidas');
    const gerente = await as(DEMO.gerente);
    const res2 = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers: gerente, payload: wizardPayload(t.seed.venues.restaurant, { CategoriaId: schoolCat }) });
    expectError(res2, 400, PRODUCT_MSG.categoryNotFound);
    const schoolProduct = await productId(t, t.seed.venues.school, 'Pão de queijo');
    const res3 = await t.app.inject({
      method: 'POST',
      url: '/api/Produto/AdicionarProdutoV2',
      headers: gerente,
      payload: wizardPayload(t.seed.venues.restaurant, { Adicionais: [{ IdProduto: schoolProduct, TipoAdicional: 1, Quantidade: 1 }] }),
    });
    expectError(res3, 400, PRODUCT_MSG.additionalProductNotFound);
    const res4 = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', payload: wizardPayload(t.seed.venues.restaurant) });
    expect(res4.statusCode).toBe(401);
  });
});

describe('POST api/Proprietario/AtivarProdutos and DesativarProdutos', () => {
  it('enables and disables a product for sale; another venue gets the unknown id\'s 404', async () => {
    const headers = await as(DEMO.gerente);
    const id = await productId(t, t.seed.venues.restaurant, 'Valor variável');
    const on = await t.app.inject({ method: 'POST', url: `/api/Proprietario/AtivarProdutos/${id}`, headers });
    expect(on.statusCode).toBe(200);
    expect((await rows<{ active: boolean }>(t, `select active from products where id = '${id}'`))[0].active).toBe(true);
    const off = await t.app.inject({ method: 'POST', url: `/api/Proprietario/DesativarProdutos/${id}`, headers });
    expect(off.statusCode).toBe(200);
    expect((await rows<{ active: boolean }>(t, `select active from products where id = '${id}'`))[0].active).toBe(false);
    // Another venue's product answers like a missing one (issue 37).
    const other = await t.app.inject({ method: 'POST', url: `/api/Proprietario/AtivarProdutos/${id}`, headers: await as(DEMO.escola) });
    expectError(other, 404, PRODUCT_MSG.productNotFound);
    const missing = await t.app.inject({ method: 'POST', url: '/api/Proprietario/AtivarProdutos/6a1f0c2e-1111-4c4c-9b9b-000000000001', headers });
    expectError(missing, 404, PRODUCT_MSG.productNotFound);
  });
});

describe('POST api/Produto/EditarProduto and GET api/Produto/ProdutoReferencia', () => {
  it('saves the edit form and, on "Alterar", propagates the new value to the products using it as add-on', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const bacon = await productId(t, venue, 'Bacon extra');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${bacon}`, headers })).json();

    // Unchanged name and value: nothing to ask.
    const same = await t.app.inject({ method: 'GET', url: `/api/Produto/ProdutoReferencia/?OnlyWithNameOrValueChanged=true&produtoId=${bacon}&produtoNome=Bacon%20extra&valor=6`, headers });
    expect(same.json()).toEqual([]);
    const changed = await t.app.inject({ method: 'GET', url: `/api/Produto/ProdutoReferencia/?OnlyWithNameOrValueChanged=true&produtoId=${bacon}&produtoNome=Bacon%20extra&valor=7,5`, headers });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual([
      { Name: 'Batata frita', ValueInParent: 6 },
      { Name: 'X-Burger', ValueInParent: 6 },
    ]);

    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, valor: 7.5, propagarAlteracao: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: bacon, Message: PRODUCT_MSG.productEdited });
    const after = await t.app.inject({ method: 'GET', url: `/api/Produto/ProdutoReferencia/?produtoId=${bacon}`, headers });
    expect(after.json().map((r: { ValueInParent: number }) => r.ValueInParent)).toEqual([7.5, 7.5]);
  });

  it('"Cancelar" saves without propagation: the parents keep the add-on as it was', async () => {
    const headers = await as(DEMO.gerente);
    const ovo = await productId(t, t.seed.venues.restaurant, 'Ovo');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${ovo}`, headers })).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, nome: 'Ovo caipira', valor: 4, propagarAlteracao: false } });
    expect(res.statusCode).toBe(200);
    const refs = (await t.app.inject({ method: 'GET', url: `/api/Produto/ProdutoReferencia/?produtoId=${ovo}`, headers })).json();
    expect(refs).toEqual([{ Name: 'X-Burger', ValueInParent: 3 }]);
    const burger = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${await productId(t, t.seed.venues.restaurant, 'X-Burger')}`, headers })).json();
    expect(burger.composicao.find((c: { produtoId: string }) => c.produtoId === ovo).produtoNome).toBe('Ovo');
  });

  it('applies the type rules: tickets are exempt from service tax, tare only for kilo, type 11 keeps name and value', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Produto/EditarProduto',
      headers,
      payload: { localClienteId: venue, tipo: 16, nome: 'Ingresso show', valor: 50, isencaoTaxaServico: false, eventoId: 'evento-1', tara: 30, ncm: '4911.99.00', cfop: '5.933' },
    });
    expect(created.statusCode).toBe(200);
    const ticket = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${created.json().Id}`, headers })).json();
    expect(ticket).toMatchObject({ tipo: 16, isencaoTaxaServico: true, eventoId: 'evento-1', tara: 0 });

    const kilo = await t.app.inject({
      method: 'POST',
      url: '/api/Produto/EditarProduto',
      headers,
      payload: { localClienteId: venue, tipo: 12, nome: 'Buffet por quilo', valor: 69.9, tara: 250, eventoId: 'x', ncm: '2106.90.90', cfop: '5.102' },
    });
    const kiloDetail = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${kilo.json().Id}`, headers })).json();
    expect(kiloDetail).toMatchObject({ tipo: 12, tara: 250, eventoId: null });

    const fee = await productId(t, venue, 'Taxa de serviço');
    const feeDetail = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${fee}`, headers })).json();
    // Name and value are read-only for type 11; NCM and CFOP are not required either.
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...feeDetail, nome: '', valor: 10, ncm: '', cfop: '', bloquearImpressao: true } });
    expect(res.statusCode).toBe(200);
    const feeAfter = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${fee}`, headers })).json();
    expect(feeAfter).toMatchObject({ nome: 'Taxa de serviço', valor: 0, bloquearImpressao: true });
  });

  it('answers every failing rule, the messages listed in errors', async () => {
    const headers = await as(DEMO.gerente);
    const id = await productId(t, t.seed.venues.restaurant, 'Pudim de leite');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, nome: '', valor: null, ncm: '', quantidadeReservado: -1 } });
    const body = expectError(res, 400, PRODUCT_MSG.ncmRequired, true);
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([PRODUCT_MSG.ncmRequired, PRODUCT_MSG.nameRequired, PRODUCT_MSG.valueRequired, PRODUCT_MSG.reservedNegative]);
  });

  it('refuses an unknown product type', async () => {
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { localClienteId: t.seed.venues.restaurant, tipo: 17, nome: 'X', valor: 1 } });
    expectError(res, 400, PRODUCT_MSG.productTypeInvalid, true);
  });

  it('uses the add-on editor wording for a free add-on without quantity', async () => {
    const headers = await as(DEMO.gerente);
    const id = await productId(t, t.seed.venues.restaurant, 'X-Burger');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json();
    before.composicao[1].quantidadeGratuito = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: before });
    expectError(res, 400, PRODUCT_MSG.additionalFreeRequiredEditor, true);
  });

  it('links the product to a store and a custom sales menu of the place only; the empty store is the all-zero id', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const id = await productId(t, venue, 'Água mineral');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json();
    const bar = await storeId(t, venue, 'Bar');
    const [menu] = await rows<{ id: string }>(t, `select id from custom_sale_menus where venue_id = '${venue}' limit 1`);
    const ok = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, storeId: bar, menuVendaPersonalizadoId: menu.id } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json()).toMatchObject({ storeId: bar, menuVendaPersonalizadoId: menu.id });
    const none = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, storeId: '00000000-0000-0000-0000-000000000000' } });
    expect(none.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json().storeId).toBeNull();
    const canteen = await storeId(t, t.seed.venues.school, 'Cantina');
    const bad = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, storeId: canteen } });
    expectError(bad, 400, STORE_MSG.storeNotFound);
  });

  it('refuses to read or edit another venue’s product: 404, as a missing one (issue 37)', async () => {
    const id = await productId(t, t.seed.venues.restaurant, 'X-Burger');
    const headers = await as(DEMO.escola);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers }), 404, PRODUCT_MSG.productNotFound);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { id, nome: 'x', valor: 1 } }), 404, PRODUCT_MSG.productNotFound);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Produto/ProdutoReferencia/?produtoId=${id}`, headers }), 404, PRODUCT_MSG.productNotFound);
  });
});

describe('product lists', () => {
  it('GetProductsFromLocal gives the catalogue to any member, the kitchen included', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Produto/GetProductsFromLocal/${t.seed.venues.restaurant}`, headers: await as(DEMO.cozinha) });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { nome: string }) => p.nome);
    expect(names).toContain('X-Burger');
    expect(names).not.toContain('Pão de queijo');
    const other = await t.app.inject({ method: 'GET', url: `/api/Produto/GetProductsFromLocal/${t.seed.venues.school}`, headers: await as(DEMO.cozinha) });
    expectError(other, 403, MSG.accessDenied);
  });

  it('ListarProdutosDoLocal pages by 20, searches ignoring case and accents, filters by category and type', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const all = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}`, headers })).json();
    expect(all.QuantidadeTotal).toBe(16);
    expect(all.Registros).toHaveLength(16);
    expect(all.Registros[0].nome).toBe('Água mineral');
    const search = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?busca=AGUA`, headers })).json();
    expect(search.Registros.map((p: { nome: string }) => p.nome)).toEqual(['Água mineral']);
    const cat = await categoryId(t, venue, 'Bebidas');
    const byCat = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?categoriaId=${cat}`, headers })).json();
    expect(byCat.QuantidadeTotal).toBe(3);
    const byType = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?tipo=11`, headers })).json();
    expect(byType.Registros.map((p: { nome: string }) => p.nome)).toEqual(['Taxa de serviço']);
    const page = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?pagina=2&tamanho=10`, headers })).json();
    expect(page.Registros).toHaveLength(6);
    expect(page.QuantidadeTotal).toBe(16);
    // Codes match whole: the internal code as typed or in capitals, the barcode as typed.
    await t.db.exec(`update products set internal_code = 'XB01', barcode = '7891000100103' where venue_id = '${venue}' and name = 'X-Burger'`);
    for (const q of ['xb01', 'XB01', '7891000100103']) {
      const byCode = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?busca=${q}`, headers })).json();
      expect(byCode.Registros.map((p: { nome: string }) => p.nome)).toEqual(['X-Burger']);
    }
    const wild = (await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}?busca=%25`, headers })).json();
    expect(wild.QuantidadeTotal).toBe(0);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Produto/ListarProdutosDoLocal/${venue}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
  });
});

describe('categories and observation options', () => {
  it('lists the place’s categories (children only on request) and the categories for access limits', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const cats = (await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/Filtro?localId=${venue}&apenasCategoriaFilha=false`, headers })).json();
    expect(cats.map((c: { nome: string }) => c.nome)).toEqual(['Adicionais', 'Bebidas', 'Lanches', 'Porções', 'Sobremesas', 'Taxas']);
    const lanches = await categoryId(t, venue, 'Lanches');
    await t.db.exec(`insert into product_categories (venue_id, name, parent_id) values ('${venue}', 'Hambúrgueres', '${lanches}')`);
    const children = (await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/Filtro?localId=${venue}&apenasCategoriaFilha=true`, headers })).json();
    expect(children.map((c: { nome: string }) => c.nome)).not.toContain('Lanches');
    expect(children.map((c: { nome: string }) => c.nome)).toContain('Hambúrgueres');
    const access = (await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/ParaAcessosProdutosDoLocal/${venue}`, headers })).json();
    expect(access.find((c: { nome: string }) => c.nome === 'Bebidas').quantidadeProdutos).toBe(3);
    expectError(await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/Filtro?localId=${venue}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/CategoriaProduto/ParaAcessosProdutosDoLocal/${venue}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
  });

  it('creates an option by typing (once per description) and lists them', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const a = await t.app.inject({ method: 'POST', url: '/api/Produto/opcoes/incluir', headers, payload: { descricao: 'Sem sal', localClienteId: venue } });
    expect(a.statusCode).toBe(200);
    const b = await t.app.inject({ method: 'POST', url: '/api/Produto/opcoes/incluir', headers, payload: { descricao: 'sem sal', localClienteId: venue } });
    expect(b.json().id).toBe(a.json().id);
    const list = (await t.app.inject({ method: 'GET', url: `/api/Produto/opcoes/${venue}`, headers })).json();
    expect(list.map((o: { descricao: string }) => o.descricao)).toContain('Sem sal');
    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/opcoes/incluir', headers, payload: { descricao: ' ', localClienteId: venue } }), 400, PRODUCT_MSG.optionRequired);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/opcoes/incluir', headers: await as(DEMO.escola), payload: { descricao: 'x', localClienteId: venue } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Produto/opcoes/${venue}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
  });
});

describe('POST api/Imagem/Upload', () => {
  it('stores an image and serves it; refuses a wrong type, an oversized one and another venue', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const res = await t.app.inject({ method: 'POST', url: '/api/Imagem/Upload', headers, payload: { localClienteId: venue, imagem: PNG_1PX } });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expectError(await t.app.inject({ method: 'POST', url: '/api/Imagem/Upload', headers, payload: { localClienteId: venue, imagem: 'data:text/html;base64,PGI+' } }), 400, PRODUCT_MSG.imageType);
    const big = `data:image/jpeg;base64,${Buffer.alloc(5_600_000, 0xff).toString('base64')}`;
    expectError(await t.app.inject({ method: 'POST', url: '/api/Imagem/Upload', headers, payload: { localClienteId: venue, imagem: big } }), 400, PRODUCT_MSG.imageTooLarge);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Imagem/Upload', headers: await as(DEMO.escola), payload: { localClienteId: venue, imagem: PNG_1PX } }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: `/api/imagens/${venue}/..%2F..%2Fetc%2Fpasswd` })).statusCode).toBe(404);
  });
});

describe('GET api/imagens/{localId}/categorias/{id} (issue 11: it answered 404)', () => {
  it("answers the category's uploaded image or the placeholder; another venue's category is 404", async () => {
    const venue = t.seed.venues.restaurant;
    const lanches = await categoryId(t, venue, 'Lanches');
    const [c] = await rows<{ image_url: string }>(t, `select image_url from product_categories where id = '${lanches}'`);
    expect(c.image_url).toBe(`/api/imagens/${venue}/categorias/${lanches}`);
    // The stored default address works (no token: <img> sends none).
    const placeholder = await t.app.inject({ method: 'GET', url: c.image_url });
    expect(placeholder.statusCode).toBe(302);
    expect(placeholder.headers.location).toBe(PRODUCT_PLACEHOLDER_IMAGE);
    expect(fs.existsSync(path.join('public', PRODUCT_PLACEHOLDER_IMAGE))).toBe(true);
    // The wizard's "new category" address too.
    expect((await t.app.inject({ method: 'GET', url: `/api/imagens/${venue}/categorias/nova` })).statusCode).toBe(302);
    // With an uploaded image, that image.
    const headers = await as(DEMO.gerente);
    const up = await t.app.inject({ method: 'POST', url: '/api/Imagem/Upload', headers, payload: { localClienteId: venue, imagem: PNG_1PX } });
    await t.db.exec(`update product_categories set image_url = '${up.json().url}' where id = '${lanches}'`);
    const uploaded = await t.app.inject({ method: 'GET', url: `/api/imagens/${venue}/categorias/${lanches}` });
    expect(uploaded.headers.location).toBe(up.json().url);
    // The category of another venue, or nonsense, is not found.
    expect((await t.app.inject({ method: 'GET', url: `/api/imagens/${t.seed.venues.school}/categorias/${lanches}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/imagens/${venue}/categorias/x` })).statusCode).toBe(404);
  });
});
