/**
 * The intake never trusts a client's prices: catalogue items cost the catalogue's value plus their
 * chosen add-ons (catalogue values and free-unit rule); option values sent by a client are ignored;
 * free items (name + value) are the board's only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waiterMenuResponse, WAITER_PATHS, type WaiterProduct } from '../../src/shared/contract/waiter';
import { KDS_PATHS, ORDER_MSG } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { intake, intakeBody, manualKitchen, restaurant, school } from './orders-helpers';

const t = useTestApp();
let waiter: string;
let kitchen: string;
let burger: WaiterProduct;
let fries: WaiterProduct;

beforeEach(async () => {
  waiter = await t.login(DEMO.garcom);
  kitchen = await manualKitchen(t);
  const res = await t.app.inject({ method: 'GET', url: `${WAITER_PATHS.menu}?localClienteId=${restaurant(t)}`, headers: t.auth(waiter) });
  const menu = waiterMenuResponse.parse(res.json());
  burger = menu.Produtos.find((p) => p.Nome === 'X-Burger')!;
  fries = menu.Produtos.find((p) => p.Nome === 'Batata frita')!;
});

const addon = (p: WaiterProduct, name: string) => p.Adicionais.find((a) => a.Nome === name)!.Id;
/** A waiter's table order of one item (Mesa 5). */
const tableOrder = (item: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Mesa 5', Cliente: { Nome: 'Mesa 5' }, Itens: [item as never], ...over });
const cents = (o: { ValorTotal: number }) => Math.round(o.ValorTotal * 100);
async function orderCount(): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where venue_id = '${restaurant(t)}'`);
  return n;
}

describe('POST api/kds/intake prices from the catalogue', () => {
  it('ignores a tampered product value and priced options: the catalogue decides (R$ 28,90 + R$ 6,00 bacon)', async () => {
    const res = await intake(
      t,
      waiter,
      tableOrder({
        ProdutoId: burger.Id,
        Valor: 0.01,
        Quantidade: 2,
        Adicionais: [{ Id: addon(burger, 'Bacon extra'), Quantidade: 1 }],
        // What an old or crafted client sent: the add-on as a priced option at zero, and a discount "option".
        Observacoes: [{ Descricao: 'Adicionais', Opcoes: [{ Nome: '9x Bacon extra', Valor: 0 }] }, { Descricao: 'Desconto', Opcoes: [{ Nome: 'Cupom', Valor: 0 }] }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(cents(o)).toBe(2 * (2890 + 600));
    expect(o.Itens[0]).toMatchObject({ NomeProduto: 'X-Burger', Valor: 34.9, Quantidade: 2 });
    // The kitchen reads the add-ons the server priced, first.
    expect(o.Itens[0].Observacoes[0]).toEqual({ Descricao: 'Adicionais', Opcoes: ['1x Bacon extra'] });
    // The board's option values are ignored too.
    const board = await intake(t, kitchen, intakeBody(restaurant(t), { Itens: [{ ProdutoId: fries.Id, Quantidade: 1, Observacoes: [{ Descricao: 'Extra', Opcoes: [{ Nome: 'Cheddar', Valor: 50 }] }] }] }));
    expect(board.statusCode, board.body).toBe(201);
    expect(board.json().Itens[0].Valor).toBe(fries.Valor);
  });

  it('free add-ons within the product’s limit cost nothing; units over it are charged; the dearest is made free first', async () => {
    const cheese = addon(burger, 'Queijo extra');
    const bacon = addon(burger, 'Bacon extra');
    const one = (await intake(t, waiter, tableOrder({ ProdutoId: burger.Id, Quantidade: 1, Adicionais: [{ Id: cheese, Quantidade: 1 }] }))).json();
    expect(cents(one)).toBe(2890);
    expect(one.Itens[0].Observacoes[0].Opcoes).toEqual(['1x Queijo extra (grátis)']);
    const two = (await intake(t, waiter, tableOrder({ ProdutoId: burger.Id, Quantidade: 1, Adicionais: [{ Id: cheese, Quantidade: 2 }] }))).json();
    expect(cents(two)).toBe(2890 + 500);
    expect(two.Itens[0].Observacoes[0].Opcoes).toEqual(['2x Queijo extra (1 grátis)']);
    const both = (await intake(t, waiter, tableOrder({ ProdutoId: burger.Id, Quantidade: 3, Adicionais: [{ Id: bacon, Quantidade: 2 }, { Id: cheese, Quantidade: 1 }] }))).json();
    // Bacon may not be free; the one free cheese uses the product's limit of 1.
    expect(cents(both)).toBe(3 * (2890 + 1200));
  });

  it('refuses add-ons that are unknown, of another product, not on sale, included (fixed), repeated or out of their limits; nothing is created', async () => {
    const before = await orderCount();
    const item = (Adicionais: Array<{ Id: string; Quantidade: number }>) => tableOrder({ ProdutoId: burger.Id, Quantidade: 1, Adicionais });
    expectError(await intake(t, waiter, item([{ Id: '00000000-0000-4000-8000-000000000000', Quantidade: 1 }])), 400, ORDER_MSG.addonNotFound);
    // Fries' bacon row is not the burger's.
    expectError(await intake(t, waiter, item([{ Id: addon(fries, 'Bacon extra'), Quantidade: 1 }])), 400, ORDER_MSG.addonNotFound);
    expectError(await intake(t, waiter, item([{ Id: addon(burger, 'Ovo'), Quantidade: 1 }])), 400, ORDER_MSG.addonIncluded('Ovo'));
    expectError(await intake(t, waiter, item([{ Id: addon(burger, 'Bacon extra'), Quantidade: 3 }])), 400, ORDER_MSG.addonMax('Bacon extra', 2));
    const bacon = addon(burger, 'Bacon extra');
    expectError(await intake(t, waiter, item([{ Id: bacon, Quantidade: 1 }, { Id: bacon, Quantidade: 1 }])), 400, ORDER_MSG.addonRepeated('Bacon extra'));
    // An add-on whose own product is taken off sale.
    await t.db.exec(`update products set active = false where venue_id = '${restaurant(t)}' and name = 'Bacon extra'`);
    expectError(await intake(t, waiter, item([{ Id: bacon, Quantidade: 1 }])), 400, ORDER_MSG.addonNotFound);
    // A free item may not carry add-ons.
    expectError(await intake(t, kitchen, intakeBody(restaurant(t), { Itens: [{ NomeProduto: 'Avulso', Valor: 5, Quantidade: 1, Adicionais: [{ Id: addon(burger, 'Queijo extra'), Quantidade: 1 }] }] })), 400, ORDER_MSG.addonNotFound);
    expect(await orderCount()).toBe(before);
  });

  it('refuses another venue’s product, a product off sale, and free items from the waiter', async () => {
    const before = await orderCount();
    const [other] = await rows<{ id: string }>(t, `insert into products (venue_id, name, value_cents, active) values ('${school(t)}', 'Misto', 800, true) returning id`);
    expectError(await intake(t, waiter, tableOrder({ ProdutoId: other.id, Quantidade: 1 })), 400, ORDER_MSG.productNotFound);
    await t.db.exec(`update products set active = false where id = '${fries.Id}'`);
    expectError(await intake(t, waiter, tableOrder({ ProdutoId: fries.Id, Quantidade: 1 })), 400, ORDER_MSG.productNotFound);
    expectError(await intake(t, waiter, tableOrder({ NomeProduto: 'X-Burger', Valor: 0.01, Quantidade: 1 })), 400, ORDER_MSG.freeItemsBoardOnly);
    // Quantities are bounded by the shared schema.
    expect((await intake(t, waiter, tableOrder({ ProdutoId: burger.Id, Quantidade: 0 }))).statusCode).toBe(400);
    expect((await intake(t, waiter, tableOrder({ ProdutoId: burger.Id, Quantidade: 1, Adicionais: [{ Id: addon(burger, 'Bacon extra'), Quantidade: -1 }] }))).statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('keeps the Idempotency-Key behaviour: a replay answers the same order, another body with the key is refused', async () => {
    const body = tableOrder({ ProdutoId: burger.Id, Quantidade: 1, Adicionais: [{ Id: addon(burger, 'Queijo extra'), Quantidade: 2 }] });
    const h = { 'idempotency-key': 'prices-1' };
    const a = await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(waiter), ...h }, payload: body });
    const b = await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(waiter), ...h }, payload: body });
    expect(a.statusCode, a.body).toBe(201);
    expect(b.json().Id).toBe(a.json().Id);
    expect(cents(b.json())).toBe(2890 + 500);
    const tampered = { ...body, Itens: [{ ...body.Itens[0], Valor: 0.01 }] };
    expectError(await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(waiter), ...h }, payload: tampered }), 422, ORDER_MSG.idempotencyMismatch);
  });
});
