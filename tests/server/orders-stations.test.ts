/**
 * Stations that finish orders (issue 23): every item goes to a station at intake (its product's, else
 * the venue's default), the order gets its preparation target, and the bump that leaves no item to
 * prepare moves the order on through the transition table, once, with one event for every board.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/orders';
import { KDS_PATHS, ORDER_MSG, ORDER_STATE } from '../../src/shared/orders';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { allOrders, command, eventCount, getOrder, intake, intakeBody, manualKitchen, newOrder, PICKUP, restaurant, school } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

const TWO_STATIONS = {
  ...PICKUP,
  Itens: [
    { NomeProduto: 'X-Salada', Valor: 20, Quantidade: 1, NomeImpressora: 'Cozinha' },
    { NomeProduto: 'Suco', Valor: 8, Quantidade: 2, NomeImpressora: 'Bar' },
  ],
};
const bump = (tok: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: KDS_PATHS.bumpItem, headers: { ...t.auth(tok), ...headers }, payload: payload as Record<string, unknown> });

async function productId(name: string, venueId = restaurant(t)): Promise<string> {
  const [p] = await rows<{ id: string }>(t, `select id from products where venue_id = '${venueId}' and name = '${name.replace(/'/g, "''")}'`);
  return p.id;
}

async function transitions(orderId: string): Promise<Array<{ to: number; cmd: string }>> {
  return rows(t, `select to_state_id as "to", command as cmd from order_state_history where order_id = '${orderId}' order by id`);
}

async function accepted(over: Record<string, unknown> = TWO_STATIONS): Promise<Order> {
  const o = await newOrder(t, token, over);
  const res = await command(t, token, 'acceptOrder', { Id: o.Id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Pedido as Order;
}

describe('stations at intake', () => {
  it('a catalogue item goes to its product’s station, a free one without a station to the venue’s default; the order’s target is its slowest product', async () => {
    const soda = await productId('Refrigerante lata');
    const fries = await productId('Batata frita');
    const o = await newOrder(t, token, {
      ...PICKUP,
      Itens: [{ ProdutoId: soda, Quantidade: 1 }, { ProdutoId: fries, Quantidade: 1 }, { NomeProduto: 'Item livre', Valor: 5, Quantidade: 1 }],
    });
    expect(o.Itens.map((i) => i.NomeImpressora)).toEqual(['Bar', 'Cozinha', 'Cozinha']);
    // Seeded: drinks 3 minutes, portions 20.
    expect(o.TempoPreparo).toBe(20);
    expect(o.EstadoDesde).toBe(o.DataCriacao);
    expect(o.DespachadoEm).toBeNull();
  });

  it('the venue’s default station and preparation time are settings (validated, Painel and the settings role only)', async () => {
    const gerente = await t.login(DEMO.gerente);
    const save = (tok: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(tok), payload: { localClienteId: restaurant(t), ...body } });
    const ok = await save(gerente, { defaultStation: 'Chapa', prepMinutes: 25 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ defaultStation: 'Chapa', prepMinutes: 25 });
    expectError(await save(gerente, { prepMinutes: 0 }), 400, 'O tempo de preparo deve ser de 1 a 240 minutos.', true);
    expectError(await save(gerente, { defaultStation: '  ' }), 400, 'Informe a estação padrão.', true);
    const o = await newOrder(t, token, { ...PICKUP, Itens: [{ NomeProduto: 'Prato do dia', Valor: 30, Quantidade: 1 }] });
    expect(o.Itens[0].NomeImpressora).toBe('Chapa');
    expect(o.TempoPreparo).toBe(25);
  });

  it('the venue’s board settings refuse another role and another venue’s place, changing nothing', async () => {
    const waiter = await t.login(DEMO.garcom);
    const gerente = await t.login(DEMO.gerente);
    const save = (tok: string, venue: string) => t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(tok), payload: { localClienteId: venue, prepMinutes: 42, defaultStation: 'Forno' } });
    expectError(await save(waiter, restaurant(t)), 403, MSG.accessDenied);
    // The manager of the restaurant is no member of the school.
    expectError(await save(gerente, school(t)), 403, MSG.accessDenied);
    const now = await t.app.inject({ method: 'GET', url: KDS_PATHS.settingsOf(restaurant(t)), headers: t.auth(gerente) });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).not.toMatchObject({ prepMinutes: 42 });
    expect(now.json()).not.toMatchObject({ defaultStation: 'Forno' });
  });

  it('a waiter’s table order reaches the stations of its products', async () => {
    const waiter = await t.login(DEMO.garcom);
    const res = await intake(
      t,
      waiter,
      intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Mesa 3', Cliente: { Nome: 'Mesa 3' }, Itens: [{ ProdutoId: await productId('X-Burger'), Quantidade: 1 }, { ProdutoId: await productId('Suco natural de laranja'), Quantidade: 1 }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Order).Itens.map((i) => [i.NomeProduto, i.NomeImpressora])).toEqual([
      ['X-Burger', 'Cozinha'],
      ['Suco natural de laranja', 'Bar'],
    ]);
  });
});

describe('POST api/kds/bumpItem moves the order on', () => {
  it('the first bump starts an accepted order; the last one makes a pickup order "Pedido pronto", with one event each', async () => {
    const o = await accepted();
    const [food, drink] = o.Itens;
    const events = await eventCount(t, o.Id);
    const first = await bump(token, { PedidoId: o.Id, ItemId: drink.Id, Pronto: true });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Order).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmPreparo);
    const last = await bump(token, { PedidoId: o.Id, ItemId: food.Id, Pronto: true });
    expect(last.statusCode, last.body).toBe(200);
    const after = last.json() as Order;
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    expect(after.Itens.every((i) => i.ProntoEm)).toBe(true);
    expect(after.DespachadoEm).toBe(after.EstadoDesde);
    expect(await transitions(o.Id)).toEqual([
      { to: 1, cmd: 'intake' },
      { to: 2, cmd: 'acceptOrder' },
      { to: 3, cmd: 'startOrder' },
      { to: 4, cmd: 'readyToPickup' },
    ]);
    expect(await eventCount(t, o.Id)).toBe(events + 2);
    // Every board hears of it: the newest event carries the order in its new state.
    const [e] = await rows<{ estado: number }>(t, `select (payload->>'EstadoId')::int as estado from order_events where order_id = '${o.Id}' order by id desc limit 1`);
    expect(e.estado).toBe(ORDER_STATE.EmTransporte);
    // Bumped again (another tablet that still showed it): success, nothing changes.
    const again = await bump(token, { PedidoId: o.Id, ItemId: food.Id, Pronto: true });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).Versao).toBe(after.Versao);
    // Undoing an item of an order that left the kitchen is refused: recall it instead.
    expectError(await bump(token, { PedidoId: o.Id, ItemId: food.Id, Pronto: false }), 409, ORDER_MSG.itemNotInKitchen(o.Codigo));
  });

  it('a delivery moves to "Transportar" only when its guard lets it (a carrier or a courier); otherwise it waits in Em preparo, complete', async () => {
    const o = await accepted({ Itens: [{ NomeProduto: 'Pizza', Valor: 50, Quantidade: 1 }] });
    const res = await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Order).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmPreparo);
    const [carrier] = await rows<{ id: string }>(t, `select id from carriers where venue_id = '${restaurant(t)}' limit 1`);
    const other = await accepted({ Itens: [{ NomeProduto: 'Pizza', Valor: 50, Quantidade: 1 }] });
    const assign = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: other.Id, TransportadoraId: carrier.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    const moved = await bump(token, { PedidoId: other.Id, ItemId: other.Itens[0].Id, Pronto: true });
    expect((moved.json() as Order).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    expect((await transitions(other.Id)).at(-1)).toEqual({ to: 4, cmd: 'transportOrder' });
  });

  it('two stations bumping their last items at once: one transition', async () => {
    const o = await accepted();
    const [a, b] = await Promise.all(o.Itens.map((i) => bump(token, { PedidoId: o.Id, ItemId: i.Id, Pronto: true }, { 'idempotency-key': randomUUID() })));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = await getOrder(t, token, o.Id);
    expect(final.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    const steps = await transitions(o.Id);
    expect(steps.filter((s) => s.to === ORDER_STATE.EmTransporte)).toHaveLength(1);
    expect(steps.filter((s) => s.to === ORDER_STATE.EmPreparo)).toHaveLength(1);
  });

  it('the same Idempotency-Key again replays the answer without a second change', async () => {
    const o = await accepted({ ...PICKUP, Itens: [{ NomeProduto: 'Açaí', Valor: 20, Quantidade: 1 }] });
    const h = { 'idempotency-key': randomUUID() };
    const first = await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true }, h);
    expect(first.statusCode, first.body).toBe(200);
    const events = await eventCount(t, o.Id);
    const second = await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true }, h);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await eventCount(t, o.Id)).toBe(events);
    expect((await transitions(o.Id)).filter((s) => s.to === ORDER_STATE.EmTransporte)).toHaveLength(1);
    expectError(await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: false }, h), 422, ORDER_MSG.idempotencyMismatch);
  });

  it('bad input 400, a pending order 409, wrong role 403, another venue 404: nothing moves', async () => {
    const pending = await newOrder(t, token, TWO_STATIONS);
    for (const bad of [{ PedidoId: pending.Id, ItemId: 'x', Pronto: true }, { PedidoId: pending.Id, ItemId: pending.Itens[0].Id }, {}]) {
      const res = await bump(token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBeTruthy();
    }
    expectError(await bump(token, { PedidoId: pending.Id, ItemId: pending.Itens[0].Id, Pronto: true }), 409, ORDER_MSG.itemNotInKitchen(pending.Codigo));
    const o = await accepted();
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles) select id, '${restaurant(t)}', 'Caixa', 'CadastroLoja' from users where email = 'escola@balcao.dev'`);
    const escola = await t.login(DEMO.escola);
    expectError(await bump(escola, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true }), 403, MSG.accessDenied);
    const schoolOrder = (await allOrders(t, escola, school(t)))[0];
    expectError(await bump(token, { PedidoId: schoolOrder.Id, ItemId: schoolOrder.Itens[0].Id, Pronto: true }), 404, ORDER_MSG.orderNotFound);
    const after = await getOrder(t, token, o.Id);
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    expect(after.Itens.every((i) => !i.ProntoEm)).toBe(true);
    expect((await getOrder(t, token, pending.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
  });
});
