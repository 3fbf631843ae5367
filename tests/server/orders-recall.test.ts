/** Recall of finished/refused orders (POST api/kds/recallOrder) and the transport guard of own-platform deliveries. */
import { beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_MSG, ORDER_STATE } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { rows } from './helpers';
import { command, forceState, getOrder, manualKitchen, newOrder, PASSWORD, PICKUP, restaurant } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

const recall = (tok: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: KDS_PATHS.recall, headers: t.auth(tok), payload });

async function finished(): Promise<string> {
  const o = await newOrder(t, token, PICKUP);
  for (const c of ['acceptOrder', 'startOrder', 'readyToPickup', 'deliverOrder'] as const) {
    const res = await command(t, token, c, { Id: o.Id });
    expect(res.statusCode, res.body).toBe(200);
  }
  return o.Id;
}

describe('POST api/kds/recallOrder', () => {
  it('brings a just-finished order back to the state it left, with the reason in its history', async () => {
    const id = await finished();
    const res = await recall(token, { Id: id, Motivo: 'Finalizado por engano' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Pedido.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    const after = await getOrder(t, token, id);
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    expect(after.HistoricoEstados.at(-1)).toMatchObject({ EstadoId: ORDER_STATE.EmTransporte, Motivo: 'Finalizado por engano', Usuario: 'Tablet da Cozinha' });
    const [h] = await rows<{ command: string; reason: string }>(t, `select command, reason from order_state_history where order_id = '${id}' order by id desc limit 1`);
    expect(h).toEqual({ command: 'recallOrder', reason: 'Finalizado por engano' });
  });

  it('a refused order comes back to Pendente; its cancellation is cleared', async () => {
    const o = await newOrder(t, token);
    expect((await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD })).statusCode).toBe(200);
    const res = await recall(token, { Id: o.Id, Motivo: 'Cliente confirmou o pedido' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Pedido.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    expect(res.json().Pedido.Timer).toBeNull();
  });

  it('refuses without a reason (400), an open order (409), after the window (409), changing nothing', async () => {
    const id = await finished();
    const noReason = await recall(token, { Id: id, Motivo: ' a ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().Message).toBeTruthy();
    const open = await newOrder(t, token);
    const notFinal = await recall(token, { Id: open.Id, Motivo: 'Motivo qualquer' });
    expect(notFinal.statusCode).toBe(409);
    expect(notFinal.json().Message).toBe(ORDER_MSG.recallNotFinished(open.Codigo));
    await t.db.exec(`update orders set state_changed_at = now() - interval '6 minutes' where id = '${id}'`);
    const late = await recall(token, { Id: id, Motivo: 'Tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json().Message).toMatch(/prazo para recuperar/);
    expect((await getOrder(t, token, id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Entregue);
  });

  it('another venue’s order is 404 and a user without Painel gets 403/404', async () => {
    const id = await finished();
    const escola = await t.login(DEMO.escola);
    const res = await recall(escola, { Id: id, Motivo: 'Não é meu' });
    expect(res.statusCode).toBe(404);
    const bad = await recall(token, { Id: 'nao-e-id', Motivo: 'Qualquer' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('transport guard', () => {
  it('an own-platform delivery order without carrier or courier call cannot go to Em transporte', async () => {
    const o = await newOrder(t, token);
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    const res = await command(t, token, 'transportOrder', { Id: o.Id });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe(ORDER_MSG.transportNeedsCarrier(o.Codigo));
    expect((await getOrder(t, token, o.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmPreparo);
    // With a carrier it goes.
    const carrier = await t.app.inject({ method: 'POST', url: KDS_PATHS.carriers, headers: t.auth(token), payload: { Nome: 'Zé', Telefone: '', Documento: '', LocalClienteId: restaurant(t) } });
    expect(carrier.statusCode, carrier.body).toBe(201);
    const assign = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: o.Id, TransportadoraId: carrier.json().Id } });
    expect(assign.statusCode, assign.body).toBe(200);
    const ok = await command(t, token, 'transportOrder', { Id: o.Id });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a marketplace delivery or a pickup goes without one', async () => {
    const market = await newOrder(t, token, { OrigemPedido: 2, Cliente: { Nome: 'M', CPF: '11144477735', Telefone: '1', Endereco: { Logradouro: 'R', Numero: '1' } } });
    await forceState(t, market.Id, ORDER_STATE.EmPreparo);
    expect((await command(t, token, 'transportOrder', { Id: market.Id })).statusCode).toBe(200);
  });
});
