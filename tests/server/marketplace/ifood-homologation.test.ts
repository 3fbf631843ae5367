/**
 * iFood's order module homologation on the server, against the loopback iFood written from its
 * documentation (ifood-fake.ts): displayId, scheduled orders (schedule.deliveryDateTimeStart/End,
 * preparationStartDateTime), takeout time, card brand, discounts by sponsor (benefits[].sponsorshipValues),
 * the asynchronous results CONFIRMED and CANCELLATION_REQUEST_FAILED, and the consumer's cancellation
 * request (HANDSHAKE_DISPUTE / HANDSHAKE_SETTLEMENT) answered from the board.
 */
import { describe, expect, it } from 'vitest';
import { ifoodTicketLines } from '../../../src/shared/ifood-ticket';
import { KDS_PATHS, ORDER_STATE } from '../../../src/shared/orders';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';
import { command } from '../orders-helpers';
import { fakeOrder } from './ifood-fake';
import { MERCHANT, useKitchenOnFakeIfood } from './ifood-setup';

const t = useTestApp();
const s = useKitchenOnFakeIfood(t);
const { fake, current, event, placed } = s;

const settle = () => t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });


describe('what the ticket shows', () => {
  it('a scheduled order: window from schedule, preparation start, no chime at arrival; displayId, card brand and discounts by sponsor', async () => {
    const start = new Date(Date.now() + 3 * 3600_000);
    start.setUTCMinutes(30, 0, 0);
    const prep = new Date(start.getTime() - 40 * 60_000);
    const { o } = await placed({
      displayId: '7421',
      orderTiming: 'SCHEDULED',
      preparationStartDateTime: prep.toISOString(),
      schedule: { deliveryDateTimeStart: start.toISOString(), deliveryDateTimeEnd: new Date(start.getTime() + 30 * 60_000).toISOString() },
      // iFood's docs: the delivery date of a scheduled order is not where its window is.
      delivery: { ...(fakeOrder(MERCHANT).delivery as object), deliveryDateTime: '2020-01-01T00:00:00.000Z' },
      benefits: [{ value: 15, target: 'CART', sponsorshipValues: [{ name: 'IFOOD', value: 10, description: 'iFood' }, { name: 'MERCHANT', value: 5, description: 'Loja' }] }],
      total: { subTotal: 102, deliveryFee: 7.5, benefits: 15, additionalFees: 0, orderAmount: 94.5 },
      payments: { prepaid: 94.5, pending: 0, methods: [{ value: 94.5, currency: 'BRL', method: 'CREDIT', type: 'ONLINE', card: { brand: 'MASTERCARD' } }] },
    });
    expect(o.Signal).toBe(false);
    expect(o.Ifood).toMatchObject({
      DisplayId: '7421',
      Tipo: 'DELIVERY',
      Agendado: true,
      AgendadoInicio: start.toISOString(),
      InicioPreparo: prep.toISOString(),
      Bandeiras: ['MASTERCARD'],
      Descontos: [{ Valor: 15, Alvo: 'CART', Patrocinio: [{ Nome: 'IFOOD', Valor: 10 }, { Nome: 'MERCHANT', Valor: 5 }] }],
      Negociacao: null,
      FalhaCancelamento: null,
    });
    const hhmm = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    const ddmm = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' }).format(start);
    const lines = ifoodTicketLines(o.Ifood!);
    expect(lines).toContain('iFood 7421');
    expect(lines).toContain(`Agendado para ${ddmm} ${hhmm(start)}`);
    expect(lines).toContain(`Iniciar preparo às ${hhmm(prep)}`);
    expect(lines).toContain('Cartão MASTERCARD');
    expect(lines).toContain('Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)');
    expect(o.ObservacaoPedido ?? '').not.toContain('Desconto iFood');
    // Confirm works as for an immediate order.
    expect((await command(t, s.token, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
    await settle();
    expect(fake.calls(/\/confirm$/)).toHaveLength(1);
  });

  it('a takeout shows its time; an immediate order still chimes at arrival; cash keeps its change', async () => {
    const when = new Date(Date.now() + 25 * 60_000);
    const { o } = await placed({ orderType: 'TAKEOUT', delivery: null, takeout: { mode: 'DEFAULT', takeoutDateTime: when.toISOString() } });
    expect(o.Signal).toBe(true);
    expect(o.Ifood?.RetiradaEm).toBe(when.toISOString());
    expect(o.Ifood?.Agendado).toBe(false);
    expect(o.Troco).toBe(150);
    const hhmm = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when);
    expect(ifoodTicketLines(o.Ifood!)).toContain(`Retirada às ${hhmm}`);
  });
});

describe('what the ticket shows, from iFood’s other homologation lines (issue 38 review)', () => {
  // "Exibir na tela e/ou impresso na comanda o código de coleta do pedido"; "Exibir observações dos
  // itens"; "Informar o CPF/CNPJ na tela"; desirable: "qualquer observação sobre a entrega do pedido
  // (que vem no campo delivery.observations)". The note is on the card, in the drawer and printed
  // ("Obs.: …", src/shared/printers-ticket.ts).
  it('the pickup code, the delivery observation, the item observation and the CPF reach the order the board and the printer read', async () => {
    const base = fakeOrder(MERCHANT);
    const { o } = await placed({ delivery: { ...(base.delivery as Record<string, unknown>), deliveredBy: 'IFOOD', pickupCode: '4821', observations: 'Interfone quebrado, ligar' } });
    expect(o.ObservacaoPedido).toContain('Código de coleta: 4821');
    expect(o.ObservacaoPedido).toContain('Interfone quebrado, ligar');
    expect(o.Itens[0].Observacoes).toContainEqual({ Descricao: 'Sem cebola', Opcoes: [] });
    expect(o.Cliente.CPF).toBe('529.982.247-25');
    // The print endpoint serves the same order.
    const printed = await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(s.token) });
    expect(printed.statusCode).toBe(200);
    expect(printed.json().ObservacaoPedido).toContain('Código de coleta: 4821');
  });

  it('a CNPJ as the customer’s document, alphanumeric included, is shown whole (letters kept)', async () => {
    const alnum = await placed({ customer: { ...(fakeOrder(MERCHANT).customer as Record<string, unknown>), documentNumber: '12ABC34501DE35' } });
    expect(alnum.o.Cliente.CPF).toBe('12.ABC.345/01DE-35');
    const numeric = await placed({ customer: { ...(fakeOrder(MERCHANT).customer as Record<string, unknown>), documentNumber: '11.222.333/0001-81' } });
    expect(numeric.o.Cliente.CPF).toBe('11.222.333/0001-81');
  });
});

describe('results of our actions, as iFood answers them', () => {
  it('CONFIRMED moves a ticket still Pendente to Aceito without calling iFood back', async () => {
    const { order, o } = await placed();
    expect(o.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    const after = await event(order, 'CFM', 'CONFIRMED', 1);
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    await settle();
    expect(fake.calls(/\/confirm$/)).toHaveLength(0);
  });

  it('moves made in another app reach the board: PREPARATION_STARTED, DISPATCHED, CONCLUDED move forward, never back, without calling iFood', async () => {
    const { order } = await placed();
    expect((await event(order, 'PRS', 'PREPARATION_STARTED', 1)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmPreparo);
    expect((await event(order, 'DSP', 'DISPATCHED', 2)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    // A late PREPARATION_STARTED (events may arrive out of order) never moves it back.
    expect((await event(order, 'PRS', 'PREPARATION_STARTED', 3)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    const done = await event(order, 'CON', 'CONCLUDED', 4);
    expect(done.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Entregue);
    expect(done.Signal).toBe(false);
    await settle();
    expect(fake.calls(/\/(confirm|startPreparation|dispatch|readyToPickup)$/)).toHaveLength(0);
  });

  it('READY_TO_PICKUP from another app puts a Pendente ticket in Em transporte; a cancelled ticket stays cancelled', async () => {
    const { order } = await placed();
    expect((await event(order, 'RTP', 'READY_TO_PICKUP', 1)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
    const second = await placed();
    expect((await event(second.order, 'CAN', 'CANCELLED', 1, { CANCEL_CODE: '501', CANCEL_REASON: 'Cliente desistiu' })).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
    expect((await event(second.order, 'CON', 'CONCLUDED', 2)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
  });

  it('CANCELLATION_REQUEST_FAILED puts the refused ticket back with iFood’s reason and a chime', async () => {
    const { order, o } = await placed();
    expect((await command(t, s.token, 'refuseOrder', { Id: o.Id, ReasonCancellation: { cancellationCode: '503', reason: 'ITEM INDISPONÍVEL' } })).statusCode).toBe(200);
    await settle();
    expect(fake.calls(/requestCancellation$/)).toHaveLength(1);
    expect((await current(order)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
    const back = await event(order, 'CARF', 'CANCELLATION_REQUEST_FAILED', 2, { CANCEL_REASON: 'Pedido já saiu para entrega' });
    expect(back.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    expect(back.ReasonCancellation).toBeNull();
    expect(back.Signal).toBe(true);
    expect(back.Ifood?.FalhaCancelamento).toBe('Pedido já saiu para entrega');
    expect(ifoodTicketLines(back.Ifood!)).toContain('iFood recusou o cancelamento: Pedido já saiu para entrega');
    // The order is live again: it can be accepted and confirmed at iFood.
    expect((await command(t, s.token, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
  });
});

describe('the consumer asks to cancel (HANDSHAKE_DISPUTE)', () => {
  const dispute = (disputeId: string, minutesLeft = 5) => ({
    disputeId,
    action: 'CANCELLATION',
    handshakeType: 'PREPARATION_TIME',
    handshakeGroup: 'CUSTOMER_ORDER_SUPPORT',
    message: 'Demorou demais',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
    timeoutAction: 'ACCEPT_CANCELLATION',
    alternatives: [],
  });
  const answer = (id: string, payload: unknown, who = s.token) => t.app.inject({ method: 'POST', url: KDS_PATHS.ifoodDispute(id), headers: t.auth(who), payload: payload as object });

  it('shows it with its deadline; accepting reaches iFood once; settlement and cancellation follow', async () => {
    const { order, o } = await placed();
    const withDispute = await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, dispute('d-1'));
    expect(withDispute.Ifood?.Negociacao).toMatchObject({ Id: 'd-1', Acao: 'CANCELLATION', Mensagem: 'Demorou demais', Situacao: 'aberta', AoExpirar: 'ACCEPT_CANCELLATION' });
    expect(withDispute.Signal).toBe(true);
    expect(ifoodTicketLines(withDispute.Ifood!).some((l) => l.startsWith('Cliente pediu o cancelamento: "Demorou demais".'))).toBe(true);

    const res = await answer(o.Id, { aceitar: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().Ifood.Negociacao.Situacao).toBe('aceita');
    expect(fake.calls(/\/disputes\/d-1\/accept$/)).toHaveLength(1);
    // A second answer (another tablet) is refused here, never sent.
    expectError(await answer(o.Id, { aceitar: true }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    await settle();
    expect(fake.calls(/\/disputes\//)).toHaveLength(1);

    await event(order, 'HSS', 'HANDSHAKE_SETTLEMENT', 2, { disputeId: 'd-1', status: 'ACCEPTED' });
    const cancelled = await event(order, 'CAN', 'CANCELLED', 3, { CANCEL_CODE: '818', CANCEL_REASON: 'Cancelado pelo cliente' });
    expect(cancelled.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
    expect(cancelled.Ifood?.Negociacao?.Situacao).toBe('aceita');
  });

  it('refusing needs a reason, sent as iFood’s { reason }; an expired request cannot be answered', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, dispute('d-2'));
    expectError(await answer(o.Id, { aceitar: false }), 400, 'Informe o motivo para recusar o cancelamento.');
    expect((await answer(o.Id, { aceitar: 'sim' })).statusCode).toBe(400);
    const res = await answer(o.Id, { aceitar: false, motivo: 'O pedido já está pronto' });
    expect(res.statusCode).toBe(200);
    const [call] = fake.calls(/\/disputes\/d-2\/reject$/);
    expect(JSON.parse(call.body)).toEqual({ reason: 'O pedido já está pronto' });
    const settled = await event(order, 'HSS', 'HANDSHAKE_SETTLEMENT', 2, { disputeId: 'd-2', status: 'REJECTED' });
    expect(settled.Ifood?.Negociacao?.Situacao).toBe('recusada');

    const late = await placed();
    await event(late.order, 'HSD', 'HANDSHAKE_DISPUTE', 1, dispute('d-3', -1));
    expectError(await answer(late.o.Id, { aceitar: true }), 409, 'O prazo do iFood para responder terminou.');
    expect(fake.calls(/\/disputes\/d-3\//)).toHaveLength(0);
  });

  it('wrong role, another venue, an order with no request', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, dispute('d-4'));
    const waiter = await t.login(DEMO.garcom);
    expectError(await answer(o.Id, { aceitar: true }, waiter), 403, MSG.accessDenied);
    const escola = await t.login(DEMO.escola);
    expect((await answer(o.Id, { aceitar: true }, escola)).statusCode).toBe(404);
    expectError(await answer('00000000-0000-4000-8000-000000000000', { aceitar: true }), 404, 'Pedido não encontrado.');
    const plain = await placed();
    expectError(await answer(plain.o.Id, { aceitar: true }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    expect(fake.calls(/\/disputes\//)).toHaveLength(0);
  });
});

describe('rate limit (O20)', () => {
  it('a 429 on polling with Retry-After: no polling request before that time', async () => {
    fake.fail(/events:polling$/, 429, 1, '60');
    const before = fake.calls(/events:polling$/, 'GET').length;
    await s.ifood.pollOnce();
    expect(fake.calls(/events:polling$/, 'GET')).toHaveLength(before + 1);
    const paused = await s.ifood.pollOnce();
    expect(paused.stored).toBe(0);
    expect(fake.calls(/events:polling$/, 'GET')).toHaveLength(before + 1);
    // Once the time has passed (moved here instead of waiting a minute), polling resumes.
    (s.ifood as unknown as { pollPausedUntil: number }).pollPausedUntil = Date.now() - 1;
    await s.ifood.pollOnce();
    expect(fake.calls(/events:polling$/, 'GET')).toHaveLength(before + 2);
  });
});
