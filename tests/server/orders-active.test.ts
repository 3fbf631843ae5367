/** The board's active mode of GET api/kds (modo=ativos): every open order, oldest first, true counts. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/orders';
import { MSG } from '../../src/shared/messages';
import { KDS_ACTIVE_MODE, KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { forceState, list, manualKitchen, newOrder, restaurant, school } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

const stateOf = (o: Order) => o.WorkflowInstance.CurrenteState.Id;

describe('GET api/kds?modo=ativos', () => {
  it('answers every active order (more than a page), oldest first, with true counts per state', async () => {
    const before = (await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE })).json().countTotal as number;
    for (let i = 0; i < 30; i++) await newOrder(t, token);
    const res = await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE, page: 1, size: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Order[]; countTotal: number; hasNext: boolean; porEtapa: Array<{ EstadoId: number; Total: number }> };
    // The demo's active orders + 30 new ones, all on one answer despite size=20.
    expect(body.items.length).toBe(body.countTotal);
    expect(body.countTotal).toBe(before + 30);
    expect(body.hasNext).toBe(false);
    expect(body.items.every((o) => [1, 2, 3, 4].includes(stateOf(o)))).toBe(true);
    const created = body.items.map((o) => Date.parse(o.DataCriacao));
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    const pending = body.items.filter((o) => stateOf(o) === ORDER_STATE.Pendente).length;
    expect(body.porEtapa.find((c) => c.EstadoId === ORDER_STATE.Pendente)!.Total).toBe(pending);
    expect(body.porEtapa.reduce((a, c) => a + c.Total, 0)).toBe(before + 30);
  });

  it('keeps an active order of an earlier day when no date is sent, and honours etapas among the active ones', async () => {
    const old = await newOrder(t, token);
    await t.db.exec(`update orders set created_at = now() - interval '2 days' where id = '${old.Id}'`);
    const all = await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE });
    expect(all.json().items[0].Id).toBe(old.Id);
    const onlyPending = await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE, etapas: '1,5' });
    expect(onlyPending.json().items.every((o: Order) => stateOf(o) === 1)).toBe(true);
    expect(onlyPending.json().items.map((o: Order) => o.Id)).toContain(old.Id);
    const finishedOnly = await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE, etapas: '5,6' });
    expect(finishedOnly.json()).toMatchObject({ items: [], countTotal: 0 });
  });

  it('finished and refused orders stay out of it and are paged apart with their own counts', async () => {
    const o = await newOrder(t, token);
    await forceState(t, o.Id, ORDER_STATE.Entregue);
    const active = await list(t, token, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE });
    expect(active.json().items.map((x: Order) => x.Id)).not.toContain(o.Id);
    const done = await list(t, token, { localClienteId: restaurant(t), etapas: '5,6', page: 1, size: 20 });
    expect(done.json().items.map((x: Order) => x.Id)).toContain(o.Id);
    expect(done.json().porEtapa.find((c: { EstadoId: number }) => c.EstadoId === 5).Total).toBe(done.json().items.filter((x: Order) => stateOf(x) === 5).length);
  });

  it('rejects an unknown mode with 400, another venue with 403 and a user without Painel with 403', async () => {
    const bad = await list(t, token, { localClienteId: restaurant(t), modo: 'todos' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBeTruthy();
    const other = await list(t, token, { localClienteId: school(t), modo: KDS_ACTIVE_MODE });
    expect([403, 404]).toContain(other.statusCode);
    const escola = await t.login(DEMO.escola);
    const wrong = await list(t, escola, { localClienteId: restaurant(t), modo: KDS_ACTIVE_MODE });
    expect([403, 404]).toContain(wrong.statusCode);
  });
});

describe('chat unread count', () => {
  it('a 401 of the chat service is answered 401 (the PWA ends the session), other failures 502', async () => {
    let status = 401;
    const chat = http.createServer((_req, res) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ quantidade: 12 }));
    });
    await new Promise<void>((r) => chat.listen(0, '127.0.0.1', r));
    process.env.CHAT_BASE_URL = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
    try {
      const res = await t.app.inject({ method: 'GET', url: KDS_PATHS.chatUnread(restaurant(t)), headers: t.auth(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().Message).toBe(MSG.unauthorized);
      status = 500;
      const bad = await t.app.inject({ method: 'GET', url: KDS_PATHS.chatUnread(restaurant(t)), headers: t.auth(token) });
      expect(bad.statusCode).toBe(502);
      status = 200;
      const ok = await t.app.inject({ method: 'GET', url: KDS_PATHS.chatUnread(restaurant(t)), headers: t.auth(token) });
      expect(ok.json()).toEqual({ quantidade: 12 });
    } finally {
      delete process.env.CHAT_BASE_URL;
      await new Promise((r) => chat.close(r));
    }
  });
});
