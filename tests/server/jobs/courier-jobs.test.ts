/**
 * Courier calls as durable jobs (src/server/modules/orders/courier-jobs.ts) against a loopback fake
 * of the courier platforms' HTTP contract (POST {base}/deliveries): the call is enqueued with the
 * change that needs it, a failed "Chamar Motoboy" leaves nothing marked and forgets its
 * Idempotency-Key (the same key then calls again), and an automatic call is retried by the queue
 * until the platform answers, recording one courier.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_STATE } from '../../../src/shared/orders';
import { courierCallKey } from '../../../src/server/modules/orders/courier-jobs';
import { startFakeCourierPlatform } from '../../support/fake-courier-platform';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { command, forceState, getOrder, newOrder, restaurant, setFoodConfig } from '../orders-helpers';

// The platform, written from the courier contract (tests/support/fake-courier-platform.ts).
const platform = await startFakeCourierPlatform();
const posts = () => platform.requests.filter((r) => r.method === 'POST');
const base = platform.url;
// Read when the app is built (before the first test).
process.env.COURIER_PLAYDELIVERY_URL = base;
process.env.COURIER_LOGGI_URL = base;
process.env.COURIER_MEEP_URL = base;
process.env.COURIER_TIMEOUT_MS = '3000';

const t = useTestApp();
let token: string;

afterAll(async () => {
  delete process.env.COURIER_PLAYDELIVERY_URL;
  delete process.env.COURIER_LOGGI_URL;
  delete process.env.COURIER_MEEP_URL;
  delete process.env.COURIER_TIMEOUT_MS;
  await platform.close();
});
beforeEach(async () => {
  platform.failNext = 0;
  platform.slowMs = () => 0;
  platform.requests.length = 0;
  platform.deliveries.length = 0;
  token = await t.login(DEMO.cozinha);
});

const courierJobs = () => rows<{ state: string; attempts: number; manual: boolean | null }>(t, `select state, attempts, (payload->>'manual')::boolean as manual from jobs where name = 'orders.courier-call' order by id`);

describe('courier calls on the job queue', () => {
  it('a failed "Chamar Motoboy" answers 502, leaves the order uncalled and forgets its key: the same key calls again', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: true });
    const o = await newOrder(t, token, { TipoEntrega: 1 });
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    platform.failNext = 1;
    const headers = { ...t.auth(token), 'idempotency-key': 'motoboy-1' };
    const failed = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    const platformName = failed.json().Message as string;
    expectError(failed, 502, platformName);
    expect(platformName).toMatch(/^Falha ao solicitar /);
    expect((await getOrder(t, token, o.Id)).ChamouMeepDelivery).toBe(false);

    const again = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana Entregadora' }) });
    const replay = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers, payload: { PedidoId: o.Id } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(posts().length).toBe(2);
    // Two calls (the refused one created nothing), two keys: one delivery.
    expect(new Set(posts().map((p) => p.key)).size).toBe(2);
    expect(platform.perReference().get(o.Id)).toBe(1);
    expect(await courierJobs()).toEqual([
      { state: 'failed', attempts: 1, manual: true },
      { state: 'done', attempts: 1, manual: true },
    ]);
  });

  it('an automatic call at accept is enqueued with the accept and retried until the platform answers', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: false, useMeepDelivery: true });
    const o = await newOrder(t, token, { OrigemPedido: 2, TipoEntrega: 1 });
    platform.failNext = 1;
    const accepted = await command(t, token, 'acceptOrder', { Id: o.Id });
    expect(accepted.statusCode).toBe(200);
    // Marked called by the accept itself (the call is a job committed with it).
    expect(accepted.json().Pedido.ChamouMeepDelivery).toBe(true);
    await t.app.orders!.settle();
    const after = await getOrder(t, token, o.Id);
    expect(after).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana Entregadora' }) });
    // The retry sends the same key (the first attempt was refused: the platform has none, so it posts again).
    expect(posts().map((p) => p.key)).toEqual([expect.stringMatching(/^balcao-entrega-/), posts()[0].key]);
    expect(platform.perReference().get(o.Id)).toBe(1);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 2, manual: null }]);
  });

  it('a manual call of an order already called changes nothing and calls nobody', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: true });
    const o = await newOrder(t, token, { TipoEntrega: 1 });
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    const first = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    const second = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(posts().length).toBe(1);
    expect(second.json().Transportador).toEqual(first.json().Transportador);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 1, manual: true }]);
  });

  it('a platform that does not answer in time: "em verificação", settled by asking for the key, one POST and one delivery', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: true });
    const o = await newOrder(t, token, { TipoEntrega: 1 });
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    // The platform creates the delivery at once but answers after our 3 s timeout.
    platform.slowMs = (ref) => (ref === o.Id ? 8_000 : 0);
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: { ...t.auth(token), 'idempotency-key': 'motoboy-lento' }, payload: { PedidoId: o.Id } });
    // Not a failure: the order stays called, its courier pending.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ChamouMeepDelivery: true, Transportador: null });
    await t.app.orders!.settle();
    const after = await getOrder(t, token, o.Id);
    expect(after).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana Entregadora' }) });
    // One POST; the retry asked for that key's delivery (GET) instead of sending again.
    expect(posts().length).toBe(1);
    const gets = platform.requests.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(1);
    expect(gets.every((g) => g.key === posts()[0].key && g.ref === o.Id)).toBe(true);
    expect(platform.perReference().get(o.Id)).toBe(1);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 2, manual: true }]);
  }, 60_000);

  it('a call whose process died after the platform took it: the job taken over asks for its key and records that delivery, no second POST', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: false, useMeepDelivery: true });
    const o = await newOrder(t, token, { OrigemPedido: 2, TipoEntrega: 1 });
    // Hold the worker off, accept (the call is enqueued with the accept), and play the dead process:
    // its attempt 1 reached the platform with the job's key, then nothing was recorded.
    await t.app.jobs.stop();
    expect((await command(t, token, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
    const [job] = await rows<{ id: number }>(t, `select id from jobs where name = 'orders.courier-call' and payload->>'orderId' = '${o.Id}'`);
    const key = courierCallKey(o.Id, Number(job.id));
    const sent = await fetch(`${base}/deliveries`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ externalReference: o.Id }) });
    expect(sent.status).toBe(201);
    await t.db.exec(`update jobs set state = 'running', attempts = 1, locked_by = 'morto', locked_until = now() - interval '1 second' where id = ${job.id}`);
    await t.app.jobs.start();
    await t.app.orders!.settle();
    expect(await getOrder(t, token, o.Id)).toMatchObject({ ChamouMeepDelivery: true, Transportador: expect.objectContaining({ Nome: 'Ana Entregadora' }) });
    expect(posts().length).toBe(1);
    expect(platform.requests.filter((r) => r.method === 'GET' && r.key === key).length).toBe(1);
    expect(platform.perReference().get(o.Id)).toBe(1);
    expect(await courierJobs()).toEqual([{ state: 'done', attempts: 2, manual: null }]);
  }, 60_000);
});
