import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_COMMANDS, ORDER_MSG, ORDER_STATE, ORDER_STATE_IDS, ORDER_TRANSITIONS, canRun } from '../../src/shared/orders';
import { hashPassword } from '../../src/server/lib/crypto';
import { DEMO, useTestApp } from '../setup/server';
import { expectError } from './helpers';
import { command, forceState, getOrder, historyCount, manualKitchen, newOrder, PASSWORD, PICKUP } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t, { deliveryTime: 45 });
});

describe('the transition table, command by command and state by state', () => {
  for (const cmd of ORDER_COMMANDS) {
    it(`${cmd}: allowed from ${ORDER_TRANSITIONS[cmd].from.join(',')} to ${ORDER_TRANSITIONS[cmd].to}; 409 with the order from any other state`, async () => {
      const { to } = ORDER_TRANSITIONS[cmd];
      for (const from of ORDER_STATE_IDS) {
        // A guarded command (transport) on an order that satisfies its guard: a pickup; the guard has its own test.
        const o = await newOrder(t, token, ORDER_TRANSITIONS[cmd].guard ? PICKUP : {});
        await forceState(t, o.Id, from);
        const res = await command(t, token, cmd, { Id: o.Id, Password: PASSWORD });
        if (canRun(cmd, from)) {
          expect(res.statusCode, `${cmd} from ${from}: ${res.body}`).toBe(200);
          const body = res.json();
          expect(body.Id).toBe(to);
          expect(body.Aplicado).toBe(true);
          expect(body.Pedido.WorkflowInstance.CurrenteState.Id).toBe(to);
          expect(body.Pedido.Versao).toBe(o.Versao + 1);
          const after = await getOrder(t, token, o.Id);
          expect(after.WorkflowInstance.CurrenteState.Id).toBe(to);
        } else if (from === to) {
          // Already where the command leads: a change already made, success without effect.
          expect(res.statusCode, `${cmd} from ${from}: ${res.body}`).toBe(200);
          expect(res.json().Aplicado).toBe(false);
          expect(res.json().Pedido.Versao).toBe(o.Versao);
        } else {
          const body = expectError(res, 409, res.json().Message);
          expect(body.Message).toMatch(new RegExp(`^Não foi possível alterar o pedido #${o.Codigo}`));
          expect(body.Pedido.Id).toBe(o.Id);
          expect(body.Pedido.WorkflowInstance.CurrenteState.Id).toBe(from);
          const after = await getOrder(t, token, o.Id);
          expect(after.WorkflowInstance.CurrenteState.Id).toBe(from);
          expect(after.Versao).toBe(o.Versao);
        }
      }
    });
  }

  it('takes an order from Pendente to Entregue with a timestamp per state and freezes the timer when it leaves the kitchen', async () => {
    const o = await newOrder(t, token, PICKUP);
    expect(o.WorkflowInstance.CurrenteState).toMatchObject({ Id: ORDER_STATE.Pendente, Name: 'Pendente' });
    expect(o.Signal).toBe(true);
    expect(o.Timer).toBeNull();
    let res = await command(t, token, 'acceptOrder', { Id: o.Id, DeliveryTime: 30 });
    expect(res.json().Pedido.TempoEntrega).toBe(30);
    expect(res.json().Pedido.Signal).toBe(false);
    res = await command(t, token, 'startOrder', { Id: o.Id, Timer: '00:03:10' });
    expect(res.json().Name).toBe('Em preparo');
    res = await command(t, token, 'transportOrder', { Id: o.Id });
    expect(res.json().Pedido.Timer).toEqual(expect.any(Number));
    res = await command(t, token, 'deliverOrder', { Id: o.Id });
    const done = res.json().Pedido;
    expect(done.WorkflowInstance.CurrenteState).toMatchObject({ Id: ORDER_STATE.Entregue, Name: 'Entregue', BackgroundColor: '#16A34A' });
    expect(done.HistoricoEstados.map((h: { EstadoId: number }) => h.EstadoId)).toEqual([1, 2, 3, 4, 5]);
    expect(done.HistoricoEstados[1].Usuario).toBe('Tablet da Cozinha');
    for (const h of done.HistoricoEstados) expect(Number.isNaN(Date.parse(h.Data))).toBe(false);
    expect(done.Versao).toBe(o.Versao + 4);
    expect(await historyCount(t, o.Id)).toBe(5);
  });

  it('accept without a delivery time uses the venue default', async () => {
    const o = await newOrder(t, token);
    const res = await command(t, token, 'acceptOrder', { Id: o.Id });
    expect(res.json().Pedido.TempoEntrega).toBe(45);
  });

  it('refuses a NewStateId other than the command’s target', async () => {
    const o = await newOrder(t, token);
    expectError(await command(t, token, 'acceptOrder', { Id: o.Id, NewStateId: ORDER_STATE.Entregue }), 400, ORDER_MSG.wrongTargetState);
    const ok = await command(t, token, 'acceptOrder', { Id: o.Id, NewStateId: ORDER_STATE.Aceito });
    expect(ok.statusCode).toBe(200);
  });
});

describe('password and reason rules', () => {
  it('refusing an own-platform order needs the current user’s password', async () => {
    const o = await newOrder(t, token);
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id }), 400, ORDER_MSG.passwordEmpty);
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id, Password: '' }), 400, ORDER_MSG.passwordEmpty);
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id, Password: 'Errada#2026' }), 400, ORDER_MSG.wrongPassword);
    expect((await getOrder(t, token, o.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    const res = await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: ORDER_STATE.Recusado, Name: 'Recusado' });
  });

  it('the password is the signed-in user’s own, not another account’s', async () => {
    const gerente = await t.login(DEMO.gerente);
    const hash = (await hashPassword('Outra#Senha9')).replace(/'/g, "''");
    await t.db.exec(`update users set password_hash = '${hash}' where email = 'gerente@balcao.dev'`);
    const o = await newOrder(t, gerente);
    // Demo#2026 is still the kitchen tablet's password, but not gerente's any more.
    expectError(await command(t, gerente, 'refuseOrder', { Id: o.Id, Password: PASSWORD }), 400, ORDER_MSG.wrongPassword);
    const res = await command(t, gerente, 'refuseOrder', { Id: o.Id, Password: 'Outra#Senha9' });
    expect(res.statusCode).toBe(200);
  });

  it('refusing a marketplace order needs a cancellation reason, not a password', async () => {
    const o = await newOrder(t, token, { OrigemPedido: 2, CodigoExterno: 'IFD-1' });
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id }), 400, ORDER_MSG.reasonRequired);
    expectError(await command(t, token, 'refuseOrder', { Id: o.Id, ReasonCancellation: { cancellationCode: '503', reason: '' } }), 400, ORDER_MSG.reasonRequired);
    const res = await command(t, token, 'refuseOrder', { Id: o.Id, ReasonCancellation: { cancellationCode: '503', reason: 'Item indisponível' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().Pedido.ReasonCancellation).toEqual({ cancellationCode: '503', reason: 'Item indisponível' });
  });

  it('Devolver (returnedOrder) needs the password, whatever the origin', async () => {
    for (const origin of [1, 2]) {
      const o = await newOrder(t, token, { OrigemPedido: origin });
      await forceState(t, o.Id, ORDER_STATE.EmTransporte);
      expectError(await command(t, token, 'returnedOrder', { Id: o.Id }), 400, ORDER_MSG.passwordEmpty);
      expectError(await command(t, token, 'returnedOrder', { Id: o.Id, Password: 'nope' }), 400, ORDER_MSG.wrongPassword);
      const res = await command(t, token, 'returnedOrder', { Id: o.Id, Password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().Id).toBe(ORDER_STATE.Recusado);
    }
  });

  it('checks the body: an invalid order id is 400, an unknown one 404', async () => {
    const bad = await command(t, token, 'acceptOrder', { Id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expectError(await command(t, token, 'acceptOrder', { Id: '6f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f' }), 404, ORDER_MSG.orderNotFound);
  });
});
