/**
 * Courier calls as durable jobs (src/server/modules/orders/courier-jobs.ts) against a loopback fake
 * of the courier platforms' HTTP contract (POST {base}/deliveries): the call is enqueued with the
 * change that needs it, a failed "Chamar Motoboy" leaves nothing marked and forgets its
 * Idempotency-Key (the same key then calls again), and an automatic call is retried by the queue
 * until the platform answers, recording one courier.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_STATE } from '../../../src/shared/orders';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { command, forceState, getOrder, newOrder, restaurant, setFoodConfig } from '../orders-helpers';

let failures = 0;
let calls = 0;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    calls++;
    if (failures > 0) {
      failures--;
      res.writeHead(503).end();
      return;
    }
    const ref = (JSON.parse(body) as { externalReference: string }).externalReference;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: `EXT-${ref}-${calls}`, trackingUrl: `https://courier.example/t/${calls}`, courier: { name: 'Ana', phone: '11999990000', document: 'X1' } }));
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
// Read when the app is built (before the first test).
process.env.COURIER_PLAYDELIVERY_URL = base;
process.env.COURIER_LOGGI_URL = base;
process.env.COURIER_MEEP_URL = base;

const t = useTestApp();
let token: string;

afterAll(async () => {
  delete process.env.COURIER_PLAYDELIVERY_URL;
  delete process.env.COURIER_LOGGI_URL;
  delete process.env.COURIER_MEEP_URL;
  await new Promise((r) => server.close(r));
});
beforeEach(async () => {
  failures = 0;
  calls = 0;
  token = await t.login(DEMO.cozinha);
});

const courierJobs = () => rows<{ state: string; attempts: number; manual: boolean | null }>(t, `select state, attempts, (payload->>'manual')::boolean as manual from jobs where name = 'orders.courier-call' order by id`);

describe('courier calls on the job queue', () => {
  it('a failed "Chamar Motoboy" answers 502, leaves the order uncalled and forgets its key: the same key calls again', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: true });
    const o = await newOrder(t, token, { TipoEntrega: 1 });
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    failures = 1;
    const headers = { ...t.auth(token), 'idempotency-key': 'motoboy-1' };
    const failed = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    const platformName = failed.json().Message as string;
    expectError(failed, 502, platformName);
    expect(platformName).toMatch(/^Falha ao solicitar /);
    expect((await getOrder(t, token, o.Id)).ChamouMeepDelivery).toBe(false);

    const again = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana' }) });
    const replay = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(2);
    expect(await courierJobs()).toEqual([
      { state: 'failed', attempts: 1, manual: true },
      { state: 'done', attempts: 1, manual: true },
    ]);
  });

  it('an automatic call at accept is enqueued with the accept and retried until the platform answers', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: false, useMeepDelivery: true });
    const o = await newOrder(t, token, { OrigemPedido: 2, TipoEntrega: 1 });
    failures = 1;
    const accepted = await command(t, token, 'acceptOrder', { Id: o.Id });
    expect(accepted.statusCode).toBe(200);
    // Marked called by the accept itself (the call is a job committed with it).
    expect(accepted.json().Pedido.ChamouMeepDelivery).toBe(true);
    await t.app.orders!.settle();
    const after = await getOrder(t, token, o.Id);
    expect(after).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana' }) });
    expect(calls).toBe(2);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 2, manual: null }]);
  });

  it('a manual call of an order already called changes nothing and calls nobody', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: true });
    const o = await newOrder(t, token, { TipoEntrega: 1 });
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    const first = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    const second = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(calls).toBe(1);
    expect(second.json().Transportador).toEqual(first.json().Transportador);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 1, manual: true }]);
  });
});
