/** API of the waiter's phone (issue 18): tables with open orders, the menu, table orders through intake, "Entregue à mesa". */
import { beforeEach, describe, expect, it } from 'vitest';
import { waiterMenuResponse, waiterTablesResponse, WAITER_PATHS, type WaiterMenuResponse } from '../../../src/shared/contract/waiter';
import { KDS_PATHS, ORDER_MSG, ORDER_STATE } from '../../../src/shared/orders';
import { addLine, cartTotalCents, emptyCart, newLine, setAddonUnits, toggleOption, toIntakeRequest, WAITER_MSG, type Cart } from '../../../src/shared/waiter';
import { seedDemoWaiterOrders } from '../../../src/server/modules/waiter/waiter.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { command, intake, intakeBody, restaurant, school, setFoodConfig } from '../orders-helpers';

const t = useTestApp();
let waiter: string;

beforeEach(async () => {
  // The open table orders a real demo gets (npm start): Mesa 1 ready, Mesa 3 with two, Mesa 11.
  await seedDemoWaiterOrders(t.db.db, restaurant(t));
  waiter = await t.login(DEMO.garcom);
  await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, callMeepDeliveryManually: true, sendToPrinterServerOnAcceptOrder: false });
});

const get = (token: string, path: string, venueId: string) => t.app.inject({ method: 'GET', url: `${path}?localClienteId=${venueId}`, headers: t.auth(token) });
const delivered = (token: string, body: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: WAITER_PATHS.delivered, headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });

async function tables(token = waiter) {
  const res = await get(token, WAITER_PATHS.tables, restaurant(t));
  expect(res.statusCode, res.body).toBe(200);
  return waiterTablesResponse.parse(res.json());
}
async function menu(): Promise<WaiterMenuResponse> {
  const res = await get(waiter, WAITER_PATHS.menu, restaurant(t));
  expect(res.statusCode, res.body).toBe(200);
  return waiterMenuResponse.parse(res.json());
}
async function orderIdOn(table: string, state: number): Promise<string> {
  const [o] = await rows<{ id: string }>(t, `select id from orders where venue_id = '${restaurant(t)}' and table_name = '${table}' and state_id = ${state} order by created_at limit 1`);
  return o.id;
}

describe('GET api/garcom/mesas', () => {
  it('lists every table of the venue with its open table orders, ready ones marked, and the counts', async () => {
    const r = await tables();
    expect(r.Mesas.map((m) => m.Nome)).toEqual(Array.from({ length: 12 }, (_, i) => `Mesa ${i + 1}`));
    const m1 = r.Mesas.find((m) => m.Nome === 'Mesa 1')!;
    expect(m1).toMatchObject({ Abertos: 1, Prontos: 1 });
    expect(m1.Pedidos[0]).toMatchObject({ Pronto: true, EstadoId: ORDER_STATE.EmTransporte, Mesa: 'Mesa 1' });
    expect(m1.Pedidos[0].Itens[0]).toMatchObject({ NomeProduto: 'X-Burger', Quantidade: 2 });
    const m3 = r.Mesas.find((m) => m.Nome === 'Mesa 3')!;
    expect(m3).toMatchObject({ Abertos: 2, Prontos: 0 });
    // Only open orders (Mesa 2's seeded order is Entregue) and only table orders count.
    expect(r.Mesas.find((m) => m.Nome === 'Mesa 2')!.Abertos).toBe(0);
    expect(r.Abertos).toBe(r.Mesas.reduce((s, m) => s + m.Abertos, 0));
    expect(r.Prontos).toBe(1);
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where venue_id = '${restaurant(t)}' and delivery_kind = 3 and state_id in (1,2,3,4)`);
    expect(r.Abertos).toBe(n);
  });

  it('refuses bad input, the kitchen tablet (no Garcom role) and another venue', async () => {
    const missing = await t.app.inject({ method: 'GET', url: WAITER_PATHS.tables, headers: t.auth(waiter) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toMatch(/localClienteId/);
    expect((await get(waiter, WAITER_PATHS.tables, 'nao-e-um-id')).statusCode).toBe(403);
    expect((await get(await t.login(DEMO.cozinha), WAITER_PATHS.tables, restaurant(t))).statusCode).toBe(403);
    expect((await get(waiter, WAITER_PATHS.tables, school(t))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${WAITER_PATHS.tables}?localClienteId=${restaurant(t)}` })).statusCode).toBe(401);
    // A manager holds every venue role, Garcom included.
    expect((await get(await t.login(DEMO.gerente), WAITER_PATHS.tables, restaurant(t))).statusCode).toBe(200);
  });
});

describe('GET api/garcom/cardapio', () => {
  it('answers the active products a waiter sells, with add-ons (limits, free units) and observation groups', async () => {
    const m = await menu();
    const names = m.Produtos.map((p) => p.Nome);
    expect(names).toContain('X-Burger');
    expect(names).not.toContain('Taxa de serviço');
    expect(names).not.toContain('Valor variável');
    const burger = m.Produtos.find((p) => p.Nome === 'X-Burger')!;
    expect(burger).toMatchObject({ Valor: 28.9, LimiteGratis: 1 });
    expect(burger.Adicionais.map((a) => [a.Nome, a.Tipo, a.Minimo, a.Maximo, a.QuantidadeGratis])).toEqual([
      ['Bacon extra', 2, 0, 2, 0],
      ['Queijo extra', 2, 0, 2, 1],
      ['Ovo', 1, 0, 0, 0],
    ]);
    expect(burger.Observacoes.map((o) => [o.Descricao, o.Tipo, o.Opcoes.length])).toEqual([
      ['Ponto da carne', 1, 3],
      ['Retirar ingredientes', 2, 3],
    ]);
    expect(m.Categorias.map((c) => c.Nome)).toEqual(expect.arrayContaining(['Lanches', 'Bebidas']));
    expect(m.Categorias.map((c) => c.Nome)).not.toContain('Taxas');
  });

  it('leaves add-ons out of the list: they are chosen inside their dish', async () => {
    const m = await menu();
    const names = m.Produtos.map((p) => p.Nome);
    for (const addon of ['Bacon extra', 'Queijo extra', 'Ovo', 'Cheddar cremoso']) expect(names).not.toContain(addon);
    // Still offered inside the dishes that have them.
    expect(m.Produtos.find((p) => p.Nome === 'Batata frita')!.Adicionais.map((a) => a.Nome)).toEqual(['Cheddar cremoso', 'Bacon extra']);
    // A category left with no dish is not offered as a chip.
    expect(m.Categorias.map((c) => c.Nome)).not.toContain('Adicionais');
  });

  it('refuses the kitchen tablet and another venue', async () => {
    expect((await get(await t.login(DEMO.cozinha), WAITER_PATHS.menu, restaurant(t))).statusCode).toBe(403);
    expect((await get(waiter, WAITER_PATHS.menu, school(t))).statusCode).toBe(403);
  });
});

describe('table orders through the intake', () => {
  it('a cart with add-ons becomes an order on the table; the server total is the cart total in cents', async () => {
    const m = await menu();
    const mesa5 = (await tables()).Mesas.find((x) => x.Nome === 'Mesa 5')!;
    const burger = m.Produtos.find((p) => p.Nome === 'X-Burger')!;
    const bacon = burger.Adicionais.find((a) => a.Nome === 'Bacon extra')!;
    const cheese = burger.Adicionais.find((a) => a.Nome === 'Queijo extra')!;
    let line = newLine(burger, 'a');
    line = setAddonUnits(line, bacon, 1).line;
    line = setAddonUnits(line, cheese, 2).line;
    line = toggleOption(line, burger, burger.Observacoes[0].Id, burger.Observacoes[0].Opcoes[1].Id);
    line = { ...line, quantity: 2, note: 'Cortar ao meio' };
    const soda = m.Produtos.find((p) => p.Nome === 'Refrigerante lata')!;
    const cart: Cart = { ...emptyCart(mesa5.Id), lines: addLine([line], { ...newLine(soda, 'b'), quantity: 3 }), note: 'Cliente com pressa' };
    const expected = cartTotalCents(m, cart.lines);
    // 2 × (28,90 + 6,00 bacon + 5,00 one paid cheese) + 3 × 7,00
    expect(expected).toBe(2 * (2890 + 600 + 500) + 3 * 700);
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(waiter), 'idempotency-key': 'garcom-1' }, payload: toIntakeRequest(restaurant(t), 'Mesa 5', m, cart) });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(Math.round(o.ValorTotal * 100)).toBe(expected);
    expect(o).toMatchObject({ Mesa: 'Mesa 5', MesaId: mesa5.Id, TipoEntrega: 3, ObservacaoPedido: 'Cliente com pressa' });
    expect(o.Itens[0].Observacoes).toEqual([
      { Descricao: 'Adicionais', Opcoes: ['1x Bacon extra', '2x Queijo extra (1 grátis)'] },
      { Descricao: 'Ponto da carne', Opcoes: ['Ao ponto'] },
      { Descricao: 'Obs. Cortar ao meio', Opcoes: [] },
    ]);
    // Replayed key: the same order, not a second one.
    const again = await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(waiter), 'idempotency-key': 'garcom-1' }, payload: toIntakeRequest(restaurant(t), 'Mesa 5', m, cart) });
    expect(again.json().Id).toBe(o.Id);
    const after = (await tables()).Mesas.find((x) => x.Nome === 'Mesa 5')!;
    expect(after.Pedidos.map((p) => p.Id)).toEqual([o.Id]);
  });

  it('the waiter places only table orders of the venue, never in another venue', async () => {
    expect((await intake(t, waiter, intakeBody(school(t)))).statusCode).toBe(403);
    // A delivery or a marketplace order is the storefront's or the board's, not the waiter's.
    expectError(await intake(t, waiter, intakeBody(restaurant(t))), 403, WAITER_MSG.onlyTableOrders);
    expectError(await intake(t, waiter, intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Mesa 2', OrigemPedido: 2 })), 403, WAITER_MSG.onlyTableOrders);
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where venue_id = '${restaurant(t)}'`);
    // Free items (name + value) are the board's: the waiter orders from the menu.
    expectError(await intake(t, waiter, intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Mesa 2', Cliente: { Nome: 'Mesa 2' } })), 400, ORDER_MSG.freeItemsBoardOnly);
    const soda = (await menu()).Produtos.find((p) => p.Nome === 'Refrigerante lata')!;
    expect((await intake(t, waiter, intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Mesa 2', Cliente: { Nome: 'Mesa 2' }, Itens: [{ ProdutoId: soda.Id, Quantidade: 1 }] }))).statusCode).toBe(201);
    const [{ n: after }] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where venue_id = '${restaurant(t)}'`);
    expect(after).toBe(n + 1);
  });
});

describe('POST api/garcom/entregue', () => {
  it('a ready table order becomes Entregue once; a replayed key answers the same without a second change', async () => {
    const id = await orderIdOn('Mesa 1', ORDER_STATE.EmTransporte);
    const res = await delivered(waiter, { PedidoId: id, ExpectedStateId: ORDER_STATE.EmTransporte }, 'entrega-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Id: ORDER_STATE.Entregue, Aplicado: true, Pedido: { Id: id } });
    const replay = await delivered(waiter, { PedidoId: id, ExpectedStateId: ORDER_STATE.EmTransporte }, 'entrega-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().Aplicado).toBe(true);
    // Another key for the same change: already made, no effect.
    const other = await delivered(waiter, { PedidoId: id, ExpectedStateId: ORDER_STATE.EmTransporte }, 'entrega-2');
    expect(other.json()).toMatchObject({ Aplicado: false, Id: ORDER_STATE.Entregue });
    const history = await rows<{ to: number; cmd: string; email: string }>(
      t,
      `select h.to_state_id as "to", h.command as cmd, u.email from order_state_history h join users u on u.id = h.user_id where h.order_id = '${id}' and h.to_state_id = 5`,
    );
    expect(history).toEqual([{ to: 5, cmd: 'deliverOrder', email: DEMO.garcom }]);
    expect((await tables()).Mesas.find((m) => m.Nome === 'Mesa 1')!.Abertos).toBe(0);
    // The same key with another body is refused.
    const id3 = await orderIdOn('Mesa 3', ORDER_STATE.EmPreparo);
    expect((await delivered(waiter, { PedidoId: id3 }, 'entrega-1')).statusCode).toBe(422);
  });

  it('the kitchen marks a table order ready with "Pedido pronto", then the waiter delivers it', async () => {
    const cozinha = await t.login(DEMO.cozinha);
    const id = await orderIdOn('Mesa 3', ORDER_STATE.EmPreparo);
    const ready = await command(t, cozinha, 'readyToPickup', { Id: id, ExpectedStateId: ORDER_STATE.EmPreparo });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await tables()).Mesas.find((m) => m.Nome === 'Mesa 3')!.Prontos).toBe(1);
    expect((await delivered(waiter, { PedidoId: id, ExpectedStateId: ORDER_STATE.EmTransporte }, 'k-ready')).json().Id).toBe(ORDER_STATE.Entregue);
  });

  it('refuses bad input, orders not ready, orders not for a table, the wrong role and another venue', async () => {
    expect((await delivered(waiter, {}, 'k0')).statusCode).toBe(400);
    const bad = await delivered(waiter, { PedidoId: 'x' }, 'k1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/Identificador inválido|PedidoId/);
    expect((await delivered(waiter, { PedidoId: '00000000-0000-4000-8000-000000000000' }, 'k2')).statusCode).toBe(404);
    const notReady = await orderIdOn('Mesa 3', ORDER_STATE.EmPreparo);
    const conflict = await delivered(waiter, { PedidoId: notReady, ExpectedStateId: ORDER_STATE.EmTransporte }, 'k3');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().Pedido.Id).toBe(notReady);
    const [delivery] = await rows<{ id: string }>(t, `update orders set state_id = 4 where id = (select id from orders where venue_id = '${restaurant(t)}' and delivery_kind = 1 limit 1) returning id`);
    expectError(await delivered(waiter, { PedidoId: delivery.id }, 'k4'), 400, WAITER_MSG.notTableOrder);
    const ready = await orderIdOn('Mesa 1', ORDER_STATE.EmTransporte);
    expect((await delivered(await t.login(DEMO.cozinha), { PedidoId: ready }, 'k5')).statusCode).toBe(403);
    // The school's manager is not a member of the restaurant: the order is "not found".
    expectError(await delivered(await t.login(DEMO.escola), { PedidoId: ready }, 'k6'), 404, ORDER_MSG.orderNotFound);
    const [schoolOrder] = await rows<{ id: string }>(t, `select id from orders where venue_id = '${school(t)}' limit 1`);
    expectError(await delivered(waiter, { PedidoId: schoolOrder.id }, 'k7'), 404, ORDER_MSG.orderNotFound);
    expect((await delivered(waiter, { PedidoId: ready }, 'chave com espaço')).statusCode).toBe(400);
    const [{ s }] = await rows<{ s: number }>(t, `select state_id as s from orders where id = '${ready}'`);
    expect(s).toBe(ORDER_STATE.EmTransporte);
  });
});
