/** Rush flag (POST api/kds/rushOrder) and item-level bump (POST api/kds/bumpItem): board commands of our own. */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_MSG } from '../../src/shared/orders';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { expectError } from './helpers';
import { allOrders, command, eventCount, getOrder, manualKitchen, newOrder, PICKUP, restaurant, school } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

const TWO_STATIONS = { Itens: [{ NomeProduto: 'X-Salada', Valor: 20, Quantidade: 1, NomeImpressora: 'Cozinha' }, { NomeProduto: 'Suco', Valor: 8, Quantidade: 2, NomeImpressora: 'Bar' }] };
const post = (url: string, tok: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, headers: { ...t.auth(tok), ...headers }, payload: payload as Record<string, unknown> });
const rush = (tok: string, payload: unknown, headers: Record<string, string> = {}) => post(KDS_PATHS.rush, tok, payload, headers);
const bump = (tok: string, payload: unknown, headers: Record<string, string> = {}) => post(KDS_PATHS.bumpItem, tok, payload, headers);

describe('POST api/kds/rushOrder', () => {
  it('sets and clears the rush flag; the order carries UrgenteEm and every board hears of it', async () => {
    const o = await newOrder(t, token);
    const on = await rush(token, { Id: o.Id, Urgente: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().UrgenteEm).toEqual(expect.any(String));
    expect((await getOrder(t, token, o.Id)).UrgenteEm).toBe(on.json().UrgenteEm);
    expect(await eventCount(t, o.Id)).toBe(2); // created + rushed
    // Setting it again changes nothing (no new version, no event).
    const again = await rush(token, { Id: o.Id, Urgente: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().Versao).toBe(on.json().Versao);
    expect(await eventCount(t, o.Id)).toBe(2);
    const off = await rush(token, { Id: o.Id, Urgente: false });
    expect(off.json().UrgenteEm).toBeNull();
  });

  it('the same Idempotency-Key twice: one change, the same answer, marked as replayed', async () => {
    const o = await newOrder(t, token);
    const h = { 'idempotency-key': randomUUID() };
    const first = await rush(token, { Id: o.Id, Urgente: true }, h);
    const second = await rush(token, { Id: o.Id, Urgente: true }, h);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    // The same key with another body is refused.
    expectError(await rush(token, { Id: o.Id, Urgente: false }, h), 422, ORDER_MSG.idempotencyMismatch);
  });

  it('bad input is a 400 with a message; a finished order refuses (409); nothing changes', async () => {
    const o = await newOrder(t, token, PICKUP);
    for (const bad of [{ Id: 'x', Urgente: true }, { Id: o.Id }, { Id: o.Id, Urgente: 'sim' }]) {
      const res = await rush(token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBeTruthy();
    }
    for (const c of ['acceptOrder', 'startOrder', 'readyToPickup', 'deliverOrder'] as const) expect((await command(t, token, c, { Id: o.Id })).statusCode).toBe(200);
    const done = await rush(token, { Id: o.Id, Urgente: true });
    expectError(done, 409, ORDER_MSG.rushFinished(o.Codigo));
    expect((await getOrder(t, token, o.Id)).UrgenteEm ?? null).toBeNull();
  });

  it('a member without Painel gets 403; another venue’s order is 404; no token is 401', async () => {
    const o = await newOrder(t, token);
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles) select id, '${restaurant(t)}', 'Caixa', 'CadastroLoja' from users where email = 'escola@balcao.dev'`);
    const escola = await t.login(DEMO.escola);
    expectError(await rush(escola, { Id: o.Id, Urgente: true }), 403, MSG.accessDenied);
    const schoolOrder = (await allOrders(t, escola, school(t)))[0];
    expectError(await rush(token, { Id: schoolOrder.Id, Urgente: true }), 404, ORDER_MSG.orderNotFound);
    const anon = await t.app.inject({ method: 'POST', url: KDS_PATHS.rush, payload: { Id: o.Id, Urgente: true } });
    expect(anon.statusCode).toBe(401);
    expect((await getOrder(t, token, o.Id)).UrgenteEm ?? null).toBeNull();
  });
});

describe('POST api/kds/bumpItem', () => {
  it('marks one item done and back; the other items stay; a repeat changes nothing', async () => {
    // Stations work on accepted orders (tests/server/orders-stations.test.ts has the rest).
    const o = await newOrder(t, token, TWO_STATIONS);
    expect((await command(t, token, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
    const [first, second] = o.Itens;
    const res = await bump(token, { PedidoId: o.Id, ItemId: first.Id, Pronto: true });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as typeof o).Itens;
    expect(items.find((i) => i.Id === first.Id)?.ProntoEm).toEqual(expect.any(String));
    expect(items.find((i) => i.Id === second.Id)?.ProntoEm ?? null).toBeNull();
    const again = await bump(token, { PedidoId: o.Id, ItemId: first.Id, Pronto: true });
    expect(again.json().Versao).toBe(res.json().Versao);
    const back = await bump(token, { PedidoId: o.Id, ItemId: first.Id, Pronto: false });
    expect((back.json() as typeof o).Itens.find((i) => i.Id === first.Id)?.ProntoEm).toBeNull();
  });

  it('replayed key gives the same answer; bad input 400; an item of another order 404; wrong role 403; another venue 404', async () => {
    const o = await newOrder(t, token, TWO_STATIONS);
    const other = await newOrder(t, token);
    for (const x of [o, other]) expect((await command(t, token, 'acceptOrder', { Id: x.Id })).statusCode).toBe(200);
    const h = { 'idempotency-key': randomUUID() };
    const first = await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true }, h);
    const second = await bump(token, { PedidoId: o.Id, ItemId: o.Itens[0].Id, Pronto: true }, h);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const bad = await bump(token, { PedidoId: o.Id, ItemId: 'nope', Pronto: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBeTruthy();
    expectError(await bump(token, { PedidoId: o.Id, ItemId: other.Itens[0].Id, Pronto: true }), 404, ORDER_MSG.itemNotFound);
    expect((await getOrder(t, token, other.Id)).Itens[0].ProntoEm ?? null).toBeNull();
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles) select id, '${restaurant(t)}', 'Caixa', 'CadastroLoja' from users where email = 'escola@balcao.dev'`);
    const escola = await t.login(DEMO.escola);
    expectError(await bump(escola, { PedidoId: o.Id, ItemId: o.Itens[1].Id, Pronto: true }), 403, MSG.accessDenied);
    const schoolOrder = (await allOrders(t, escola, school(t)))[0];
    expectError(await bump(token, { PedidoId: schoolOrder.Id, ItemId: schoolOrder.Itens[0].Id, Pronto: true }), 404, ORDER_MSG.orderNotFound);
  });
});
