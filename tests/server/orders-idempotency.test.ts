import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_MSG, ORDER_STATE } from '../../src/shared/orders';
import { useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { command, eventCount, getOrder, historyCount, intake, intakeBody, manualKitchen, newOrder, PASSWORD, restaurant } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

const key = () => ({ 'idempotency-key': randomUUID() });

describe('Idempotency-Key on order commands', () => {
  it('the same key twice makes one change and gives the same answer', async () => {
    const o = await newOrder(t, token);
    const h = key();
    const first = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: 1 }, h);
    expect(first.statusCode).toBe(200);
    const second = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: 1 }, h);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await historyCount(t, o.Id)).toBe(2);
    expect(await eventCount(t, o.Id)).toBe(2); // created + accepted
    expect((await getOrder(t, token, o.Id)).Versao).toBe(o.Versao + 1);
  });

  it('a replay of a password command needs no password again, and the password is not part of the request’s identity', async () => {
    const o = await newOrder(t, token);
    const h = key();
    const first = await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD }, h);
    expect(first.statusCode).toBe(200);
    const replay = await command(t, token, 'refuseOrder', { Id: o.Id, Password: 'retyped-wrong' }, h);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const [stored] = await rows<{ response: string; request_hash: string }>(t, `select response::text, request_hash from idempotency_keys`);
    expect(stored.response).not.toContain(PASSWORD);
  });

  it('a failed check (wrong password) stores nothing, so the same key can be retried with the right one', async () => {
    const o = await newOrder(t, token);
    const h = key();
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id, Password: 'errada' }, h), 400, ORDER_MSG.wrongPassword);
    const ok = await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD }, h);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Aplicado).toBe(true);
  });

  it('the same key with another body answers 422 and changes nothing', async () => {
    const a = await newOrder(t, token);
    const b = await newOrder(t, token);
    const h = key();
    expect((await command(t, token, 'acceptOrder', { Id: a.Id }, h)).statusCode).toBe(200);
    expectError(await command(t, token, 'acceptOrder', { Id: b.Id }, h), 422, ORDER_MSG.idempotencyMismatch);
    expectError(await command(t, token, 'acceptOrder', { Id: a.Id, DeliveryTime: 10 }, h), 422, ORDER_MSG.idempotencyMismatch);
    // Another command on the same order with the same key is another request too.
    expectError(await command(t, token, 'startOrder', { Id: a.Id }, h), 422, ORDER_MSG.idempotencyMismatch);
    expect((await getOrder(t, token, b.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
  });

  it('concurrent duplicates produce one change and one answer', async () => {
    const o = await newOrder(t, token);
    const h = key();
    const answers = await Promise.all(Array.from({ length: 6 }, () => command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: 1 }, h)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await historyCount(t, o.Id)).toBe(2);
    expect((await getOrder(t, token, o.Id)).Versao).toBe(o.Versao + 1);
  });

  it('concurrent commands from two tablets with their own keys: one applies, the other is a no-op success', async () => {
    const o = await newOrder(t, token);
    const [a, b] = await Promise.all([
      command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: 1 }, key()),
      command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: 1 }, key()),
    ]);
    expect([a.json().Aplicado, b.json().Aplicado].sort()).toEqual([false, true]);
    expect(await historyCount(t, o.Id)).toBe(2);
  });

  it('an invalid key is 400', async () => {
    const o = await newOrder(t, token);
    const res = await command(t, token, 'acceptOrder', { Id: o.Id }, { 'idempotency-key': 'x'.repeat(201) });
    expectError(res, 400, ORDER_MSG.idempotencyInvalid);
  });

  it('keys expire after IDEMPOTENCY_TTL_DAYS (7 by default)', async () => {
    const o = await newOrder(t, token);
    const h = key();
    await command(t, token, 'acceptOrder', { Id: o.Id }, h);
    const [r] = await rows<{ days: number }>(t, `select round(extract(epoch from expires_at - created_at) / 86400)::int as days from idempotency_keys`);
    expect(r.days).toBe(7);
    // Once expired, the key no longer replays: the command runs again (here a no-op, already accepted).
    await t.db.exec(`update idempotency_keys set expires_at = now() - interval '1 second'`);
    const again = await command(t, token, 'startOrder', { Id: o.Id }, h);
    expect(again.statusCode).toBe(200);
    expect(again.json().Aplicado).toBe(true);
  });

  it('intake with a key creates one order however often it is sent', async () => {
    const h = key();
    const body = intakeBody(restaurant(t), { CodigoExterno: 'GARCOM-1' });
    const [a, b] = await Promise.all([intake(t, token, body, h), intake(t, token, body, h)]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().Id).toBe(b.json().Id);
    const c = await intake(t, token, body, h);
    expect(c.json().Id).toBe(a.json().Id);
    const [n] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where external_code = 'GARCOM-1'`);
    expect(n.n).toBe(1);
  });

  it('carrier assignment and resend also replay by key', async () => {
    const o = await newOrder(t, token);
    const [carrier] = await rows<{ id: string }>(t, `select id from carriers where venue_id = '${restaurant(t)}' order by name limit 1`);
    const h = key();
    const body = { PedidoId: o.Id, TransportadoraId: carrier.id };
    const a = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: { ...t.auth(token), ...h }, payload: body });
    expect(a.statusCode).toBe(200);
    const b = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: { ...t.auth(token), ...h }, payload: body });
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await eventCount(t, o.Id)).toBe(2);
  });
});

describe('expected state', () => {
  it('a change already made elsewhere is a success with no effect', async () => {
    const o = await newOrder(t, token);
    await command(t, token, 'acceptOrder', { Id: o.Id });
    const dup = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Pendente }, key());
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toMatchObject({ Id: ORDER_STATE.Aceito, Aplicado: false });
    // Even when the other tablet went further (accepted and started).
    await command(t, token, 'startOrder', { Id: o.Id });
    const late = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Pendente }, key());
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ Id: ORDER_STATE.EmPreparo, Aplicado: false });
    expect(await historyCount(t, o.Id)).toBe(3);
  });

  it('an incompatible one (refused elsewhere) answers 409 with the current order, and a retry replays the 409', async () => {
    const o = await newOrder(t, token);
    await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD });
    const h = key();
    const res = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Pendente }, h);
    const body = expectError(res, 409, `Não foi possível alterar o pedido #${o.Codigo}: ele está em Recusado.`);
    expect(body.Pedido).toMatchObject({ Id: o.Id, WorkflowInstance: { CurrenteState: { Id: ORDER_STATE.Recusado, Name: 'Recusado' } } });
    const again = await command(t, token, 'acceptOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Pendente }, h);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
  });

  it('a stale expected state is 409 even when the command would still be allowed', async () => {
    const o = await newOrder(t, token);
    await command(t, token, 'acceptOrder', { Id: o.Id });
    // The sender saw Pendente and wants to start; the order is Aceito now, but the sender's view was stale.
    const res = await command(t, token, 'startOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Pendente });
    expect(res.statusCode).toBe(409);
    expect(res.json().Pedido.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    const ok = await command(t, token, 'startOrder', { Id: o.Id, ExpectedStateId: ORDER_STATE.Aceito });
    expect(ok.statusCode).toBe(200);
  });
});
