/**
 * iFood end to end on the server, against a loopback iFood written from its documentation:
 * events stored before they are acknowledged, an order mapped onto ours, duplicate and
 * out-of-order events harmless, a CANCELLED event → Recusado with its reason, board actions →
 * iFood calls as durable jobs (5xx retried with backoff, once across processes and
 * restarts), iFood's own cancellation reasons on the refuse dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/contract/orders';
import { DELIVERY_KIND, DELIVERY_MODE, KDS_PATHS, ORDER_ORIGIN, ORDER_STATE } from '../../../src/shared/orders';
import { defineIfoodJobs, IFOOD_ACTION_JOB } from '../../../src/server/modules/marketplace/ifood/ifood-actions';
import { JobQueue } from '../../../src/server/lib/jobs';
import { useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { allOrders, command, getOrder, restaurant, school, setFoodConfig } from '../orders-helpers';
import { fakeEvent, fakeOrder } from './ifood-fake';
import { MERCHANT, useKitchenOnFakeIfood } from './ifood-setup';

const t = useTestApp();
// Events half an hour ago + m:s (the file's own `at` below).
const s = useKitchenOnFakeIfood(t, 30);
const { fake } = s;

/**
 * Event times relative to the run (half an hour ago + m:s), never a fixed date: events older than
 * the integration's give-up window (8 h) are dropped on purpose, so a fixed date fails the next day.
 */
const T0 = Date.now() - 30 * 60_000;
function at(minutes: number, seconds = 0): string {
  return new Date(T0 + (minutes * 60 + seconds) * 1000).toISOString();
}

/** iFood places an order: it exists there and its PLACED event waits in the polling queue. */
function place(over: Record<string, unknown> = {}, when = at(0, 0)) {
  const order = fakeOrder(MERCHANT, over);
  fake.orders.set(order.id as string, order);
  const event = fakeEvent(order, 'PLC', 'PLACED', when);
  fake.events.push(event);
  return { order, event };
}

const ifoodOrders = async () => (await allOrders(t, s.token, restaurant(t))).filter((o) => o.OrigemPedido === ORDER_ORIGIN.marketplace && /^A\d+$/.test(o.CodigoExterno ?? ''));
const byCode = async (displayId: unknown) => (await ifoodOrders()).find((o) => o.CodigoExterno === displayId)!;
/** Every job due within a minute has run (a call waiting for its order's previous one included). */
const settle = () => t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });
/** The order actions iFood accepted (202), in order. */
const accepted = () => fake.requests.filter((r) => r.status === 202 && r.method === 'POST' && /^\/order\/v1\.0\/orders\//.test(r.path)).map((r) => r.path.replace(/^\/order\/v1\.0\/orders\/[^/]+\//, ''));
const quiet = { info() {}, warn() {}, error() {} };
const actionCalls = () => fake.requests.filter((r) => r.method === 'POST' && /^\/order\/v1\.0\/orders\//.test(r.path)).map((r) => r.path.replace(/^\/order\/v1\.0\/orders\/[^/]+\//, ''));

describe('orders in', () => {
  it('stores each event before acknowledging it, then places the order mapped onto ours', async () => {
    const { order, event } = place();
    const storedAtAck: number[] = [];
    fake.onAck = async (ids) => {
      const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from ifood_events where id in (${ids.map((i) => `'${i}'`).join(',')})`);
      storedAtAck.push(r.n);
    };
    expect(await s.ifood.pollOnce()).toEqual({ stored: 1, skipped: 0, failed: 0 });
    expect(storedAtAck).toEqual([1]);
    expect(fake.acked.has(event.id)).toBe(true);
    const poll = fake.calls(/events:polling$/, 'GET')[0];
    expect(poll.headers['x-polling-merchants']).toBe(MERCHANT);

    const o = await byCode(order.displayId);
    expect(o).toMatchObject({
      CodigoExterno: order.displayId,
      OrigemPedido: ORDER_ORIGIN.marketplace,
      TipoEntrega: DELIVERY_KIND.delivery,
      ModoEntrega: DELIVERY_MODE.merchant,
      WorkflowInstance: { CurrenteState: { Id: ORDER_STATE.Pendente } },
      Signal: true,
      TaxaEntrega: 7.5,
      ValorTotal: 109.5,
      TipoPagamento: { Id: 1 },
      EhPagamentoPresencial: true,
      Troco: 150,
      Cliente: {
        Nome: 'Maria Souza',
        CPF: '529.982.247-25',
        Telefone: '0800 200 3000',
        Endereco: { Logradouro: 'Avenida Paulista', Numero: '1000', Complemento: 'Apto 51', Bairro: 'Bela Vista', Cidade: 'São Paulo', UF: 'SP', CEP: '01310100', Referencia: 'Em frente ao parque' },
      },
    });
    expect(o.ObservacaoPedido).toContain('Portão azul');
    expect(o.ObservacaoPedido).toContain('Localizador do telefone: 12345678');
    expect(o.Itens.map((i) => [i.Quantidade, i.NomeProduto, i.Valor])).toEqual([
      [2, 'Pizza grande', 45],
      [1, 'Guaraná 2 L', 12],
    ]);
    expect(o.Itens[0].Observacoes).toEqual([
      { Descricao: 'Borda', Opcoes: ['2x Borda de catupiry'] },
      { Descricao: 'Sabores', Opcoes: ['Metade calabresa'] },
      { Descricao: 'Sem cebola', Opcoes: [] },
    ]);
  });

  it('a process serving several venues polls their merchants in one request (x-polling-merchants) and files each event under its own venue', async () => {
    const OTHER = 'escola-demo-merchant';
    await rows(t, `insert into marketplace_integrations (id, merchant_id, is_active) values ('${school(t)}', '${OTHER}', true) on conflict (id) do update set merchant_id = excluded.merchant_id, is_active = true`);
    try {
      const mine = place();
      const theirs = fakeOrder(OTHER);
      fake.orders.set(theirs.id as string, theirs);
      const theirEvent = fakeEvent(theirs, 'PLC', 'PLACED', at(0, 2));
      fake.events.push(theirEvent);
      expect(await s.ifood.pollOnce()).toEqual({ stored: 2, skipped: 0, failed: 0 });
      const polls = fake.calls(/events:polling$/, 'GET');
      expect(polls).toHaveLength(1);
      expect(String(polls[0].headers['x-polling-merchants']).split(',').sort()).toEqual([MERCHANT, OTHER].sort());
      expect(fake.acked.has(mine.event.id) && fake.acked.has(theirEvent.id)).toBe(true);
      const filed = await rows<{ id: string; venue_id: string }>(t, `select id, venue_id from ifood_events where id in ('${mine.event.id}', '${theirEvent.id}') order by id`);
      expect(Object.fromEntries(filed.map((r) => [r.id, r.venue_id]))).toEqual({ [mine.event.id]: restaurant(t), [theirEvent.id]: school(t) });
      // Each venue's board gets its own order only.
      expect((await byCode(mine.order.displayId)).CodigoExterno).toBe(mine.order.displayId);
      expect((await ifoodOrders()).some((o) => o.CodigoExterno === theirs.displayId)).toBe(false);
    } finally {
      await rows(t, `update marketplace_integrations set is_active = false where id = '${school(t)}'`);
    }
  });

  it('an online payment, a takeout and iFood delivering map too', async () => {
    const { order } = place({
      orderType: 'TAKEOUT',
      delivery: undefined,
      takeout: { mode: 'DEFAULT', takeoutDateTime: at(30, 0) },
      payments: { prepaid: 102, pending: 0, methods: [{ value: 102, currency: 'BRL', method: 'CREDIT', type: 'ONLINE', card: { brand: 'VISA' } }] },
      total: { subTotal: 102, deliveryFee: 0, benefits: 0, additionalFees: 0, orderAmount: 102 },
    });
    await s.ifood.pollOnce();
    const o = await byCode(order.displayId);
    expect(o).toMatchObject({ TipoEntrega: DELIVERY_KIND.pickup, ModoEntrega: null, TipoPagamento: { Id: 5 }, EhPagamentoPresencial: false, Troco: null, ValorTotal: 102 });
  });

  it('a duplicate event, or the same order announced twice, lands once', async () => {
    const { order, event } = place();
    fake.events.push({ ...event }); // the same event delivered twice in one poll
    fake.events.push(fakeEvent(order, 'PLC', 'PLACED', at(0, 1))); // a second PLACED event for the same order
    await s.ifood.pollOnce();
    fake.acked.clear(); // iFood sends them all again (say our acknowledgment was lost)
    await s.ifood.pollOnce();
    expect((await ifoodOrders()).filter((o) => o.CodigoExterno === order.displayId)).toHaveLength(1);
    const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from ifood_events`);
    expect(r.n).toBe(2);
  });

  it('a CANCELLED event moves the ticket to Recusado with its reason and rings (Signal)', async () => {
    const { order } = place();
    await s.ifood.pollOnce();
    const before = await byCode(order.displayId);
    await command(t, s.token, 'acceptOrder', { Id: before.Id });
    fake.events.push(fakeEvent(order, 'CAN', 'CANCELLED', at(5, 0), { CANCEL_CODE: '902', CANCEL_REASON: 'Cliente desistiu do pedido', CANCEL_ORIGIN: 'CONSUMER' }));
    await s.ifood.pollOnce();
    const after = await getOrder(t, s.token, before.Id);
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
    expect(after.ReasonCancellation).toEqual({ cancellationCode: '902', reason: 'Cliente desistiu do pedido' });
    expect(after.Signal).toBe(true);
    const [e] = await rows<{ type: string; estado: number }>(t, `select type, (payload->>'EstadoId')::int as estado from order_events where order_id = '${before.Id}' order by id desc limit 1`);
    expect(e).toEqual({ type: 'order.changed', estado: ORDER_STATE.Recusado });
    // Our side owes iFood nothing for a cancellation iFood made.
    await settle();
    expect(actionCalls()).toEqual(['confirm']);
  });

  it('out of order: a CANCELLED event before its PLACED event (or listed first) still ends in one refused order', async () => {
    const a = fakeOrder(MERCHANT);
    fake.orders.set(a.id as string, a);
    fake.events.push(fakeEvent(a, 'CAN', 'CANCELLED', at(5, 0), { CANCEL_CODE: '902', CANCEL_REASON: 'Pagamento recusado' }));
    await s.ifood.pollOnce(); // only the cancellation arrived
    fake.events.push(fakeEvent(a, 'PLC', 'PLACED', at(0, 0))); // the placement comes late
    await s.ifood.pollOnce();
    const b = fakeOrder(MERCHANT);
    fake.orders.set(b.id as string, b);
    fake.events.push(fakeEvent(b, 'CAN', 'CANCELLED', at(9, 0), { CANCEL_CODE: '902', CANCEL_REASON: 'Endereço errado' }));
    fake.events.push(fakeEvent(b, 'PLC', 'PLACED', at(8, 0)));
    await s.ifood.pollOnce(); // both in one answer, the cancellation listed first
    for (const [o, reason] of [[a, 'Pagamento recusado'], [b, 'Endereço errado']] as const) {
      const mine = (await ifoodOrders()).filter((x) => x.CodigoExterno === o.displayId);
      expect(mine).toHaveLength(1);
      expect(mine[0].WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
      expect(mine[0].ReasonCancellation?.reason).toBe(reason);
    }
  });

  it('iFood failing (5xx) on polling or on an order loses nothing: the next round gets it', async () => {
    const { order } = place();
    fake.fail(/events:polling$/, 500);
    expect(await s.ifood.pollOnce()).toMatchObject({ stored: 0, failed: 1 });
    expect(fake.calls(/acknowledgment$/)).toHaveLength(0);
    fake.fail(new RegExp(`/orders/${order.id}$`), 503);
    expect(await s.ifood.pollOnce()).toMatchObject({ stored: 1, failed: 0 }); // stored and acknowledged, not placed yet
    expect(await ifoodOrders()).toHaveLength(0);
    await s.ifood.pollOnce(); // nothing new from iFood: the stored event is handled from our database
    expect(await ifoodOrders()).toHaveLength(1);
  });

  it('the switch off (or no store id) means no polling', async () => {
    await t.db.exec(`update marketplace_integrations set is_active = false`);
    place();
    expect(await s.ifood.pollOnce()).toEqual({ stored: 0, skipped: 0, failed: 0 });
    expect(fake.calls(/events:polling$/, 'GET')).toHaveLength(0);
  });
});

describe('board actions out', () => {
  async function placed(over: Record<string, unknown> = {}): Promise<Order> {
    const { order } = place(over);
    await s.ifood.pollOnce();
    return byCode(order.displayId);
  }

  it('Aceitar → confirm, Iniciar → startPreparation, Transportar by the venue → dispatch', async () => {
    const o = await placed();
    for (const cmd of ['acceptOrder', 'startOrder', 'transportOrder'] as const) expect((await command(t, s.token, cmd, { Id: o.Id })).statusCode).toBe(200);
    await settle();
    expect(actionCalls()).toEqual(['confirm', 'startPreparation', 'dispatch']);
    const calls = fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/order/'));
    expect(calls.every((c) => c.authorised && c.path.includes(o.Id) === false)).toBe(true);
  });

  it('Pedido pronto (takeout) and Transportar of an order iFood delivers → readyToPickup', async () => {
    const takeout = await placed({ orderType: 'TAKEOUT', delivery: undefined, takeout: { mode: 'DEFAULT', takeoutDateTime: at(30, 0) } });
    const byIfood = await placed({ delivery: { ...(fakeOrder(MERCHANT).delivery as object), deliveredBy: 'IFOOD' } });
    for (const o of [takeout, byIfood]) {
      await command(t, s.token, 'acceptOrder', { Id: o.Id });
      await command(t, s.token, 'startOrder', { Id: o.Id });
    }
    expect((await command(t, s.token, 'readyToPickup', { Id: takeout.Id })).statusCode).toBe(200);
    expect((await command(t, s.token, 'transportOrder', { Id: byIfood.Id })).statusCode).toBe(200);
    await settle();
    expect(actionCalls().filter((c) => c === 'readyToPickup')).toHaveLength(2);
    expect(actionCalls()).not.toContain('dispatch');
  });

  it('Recusar lists iFood’s reasons and sends requestCancellation with the chosen one', async () => {
    const o = await placed();
    const reasons = await t.app.inject({ method: 'GET', url: KDS_PATHS.cancellationReasons(o.Id), headers: t.auth(s.token) });
    expect(reasons.json()).toEqual([
      { cancellationCode: '501', description: 'PROBLEMAS DE SISTEMA' },
      { cancellationCode: '503', description: 'ITEM INDISPONÍVEL' },
    ]);
    const res = await command(t, s.token, 'refuseOrder', { Id: o.Id, ReasonCancellation: { cancellationCode: '503', reason: 'ITEM INDISPONÍVEL' } });
    expect(res.statusCode).toBe(200);
    await settle();
    const [call] = fake.calls(/requestCancellation$/);
    expect(JSON.parse(call.body)).toEqual({ reason: 'ITEM INDISPONÍVEL', cancellationCode: '503' });
    // iFood down: the dialog says so instead of offering codes iFood would refuse.
    fake.down = 503;
    const other = await t.app.inject({ method: 'GET', url: KDS_PATHS.cancellationReasons(o.Id), headers: t.auth(s.token) });
    expect(other.statusCode).toBe(502);
    expect(other.json().Message).toBe('Não foi possível obter os motivos de cancelamento do iFood. Tente novamente.');
  });

  it('an order accepted automatically at intake still confirms at iFood', async () => {
    await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: true });
    const o = await placed();
    expect(o.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    await settle();
    expect(actionCalls()).toEqual(['confirm']);
  });

  it('iFood down: the action waits with backoff and reaches iFood later exactly once, across restarts and processes', async () => {
    const o = await placed();
    fake.down = 503;
    expect((await command(t, s.token, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const [waiting] = await rows<{ state: string; attempts: number; wait: number; last_error: string }>(
      t,
      `select state, attempts, extract(epoch from run_at - now())::float as wait, last_error from jobs where name = '${IFOOD_ACTION_JOB}'`,
    );
    expect(waiting.state).toBe('queued');
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting.wait).toBeGreaterThan(0);
    expect(waiting.last_error).toContain('503');
    expect(accepted()).toEqual([]);

    // iFood is back and the wait is over; two more processes (say, restarted ones) run the queue at once.
    fake.down = null;
    await t.db.exec(`update jobs set run_at = now() where name = '${IFOOD_ACTION_JOB}'`);
    const others = [new JobQueue(t.db, { log: quiet, worker: false }), new JobQueue(t.db, { log: quiet, worker: false })];
    for (const q of others) defineIfoodJobs(q, () => s.ifood.client);
    await Promise.all([...others.map((q) => q.runDue()), t.app.jobs.runDue()]);
    await settle();
    expect(accepted()).toEqual(['confirm']);
    const [done] = await rows<{ state: string }>(t, `select state from jobs where name = '${IFOOD_ACTION_JOB}'`);
    expect(done.state).toBe('done');
    await Promise.all(others.map((q) => q.runDue()));
    expect(accepted()).toEqual(['confirm']);
  });

  it('a call held by a process that died is taken over when its lease ends; an order’s calls keep their order', async () => {
    const o = await placed();
    fake.down = 503;
    await command(t, s.token, 'acceptOrder', { Id: o.Id });
    await command(t, s.token, 'startOrder', { Id: o.Id });
    await t.app.jobs.drain();
    fake.down = null;
    // A dead process holds the confirm; the startPreparation after it is due.
    await t.db.exec(`update jobs set state = 'running', locked_by = 'dead', locked_until = now() + interval '1 minute' where name = '${IFOOD_ACTION_JOB}' and payload->>'action' = 'confirm'`);
    await t.db.exec(`update jobs set run_at = now() where name = '${IFOOD_ACTION_JOB}' and payload->>'action' = 'startPreparation'`);
    await t.app.jobs.runDue();
    expect(accepted()).toEqual([]); // startPreparation waits for the confirm before it
    await t.db.exec(`update jobs set locked_until = now() - interval '1 second', run_at = now() where name = '${IFOOD_ACTION_JOB}'`);
    await t.app.jobs.runDue();
    await t.db.exec(`update jobs set run_at = now() where name = '${IFOOD_ACTION_JOB}' and state = 'queued'`);
    await settle();
    expect(accepted()).toEqual(['confirm', 'startPreparation']);
  });

  it('iFood refusing a call (4xx) marks it failed, never retried', async () => {
    const o = await placed();
    fake.fail(/\/confirm$/, 400);
    await command(t, s.token, 'acceptOrder', { Id: o.Id });
    await settle();
    expect(fake.calls(/\/confirm$/)).toHaveLength(1);
    const [r] = await rows<{ state: string; attempts: number }>(t, `select state, attempts from jobs where name = '${IFOOD_ACTION_JOB}'`);
    expect(r).toEqual({ state: 'failed', attempts: 1 });
  });

  it('orders that did not come from iFood call nothing', async () => {
    const [seeded] = (await allOrders(t, s.token, restaurant(t))).filter((x) => x.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente);
    await command(t, s.token, 'acceptOrder', { Id: seeded.Id });
    await settle();
    expect(actionCalls()).toEqual([]);
    const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from jobs where name = '${IFOOD_ACTION_JOB}'`);
    expect(r.n).toBe(0);
  });
});
