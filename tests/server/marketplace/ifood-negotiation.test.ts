/**
 * iFood's negotiation platform beyond a full cancellation (homologation O17, gap G1), against the
 * loopback iFood written from iFood's docs (ifood-fake.ts): a partial cancellation (metadata.items)
 * shown with its items and amounts and accepted; a refund counter-proposal (alternatives[] type
 * REFUND, metadata.maxAmount) sent once to …/disputes/{id}/alternatives/{alternativeId}; other actions
 * (more time, a refund asked by the customer) shown and answered; bad input, wrong role, another venue.
 */
import { describe, expect, it } from 'vitest';
import { ifoodTicketLines } from '../../../src/shared/ifood-ticket';
import { KDS_PATHS } from '../../../src/shared/orders';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';
import { useKitchenOnFakeIfood } from './ifood-setup';

const t = useTestApp();
const s = useKitchenOnFakeIfood(t);
const { fake, current, event, placed } = s;

const settle = () => t.app.jobs.drain({ horizonMs: 120_000, timeoutMs: 60_000 });


/**
 * A HANDSHAKE_DISPUTE's metadata as iFood's guide shows it: action, handshakeType, expiresAt,
 * timeoutAction, alternatives [{ id, type: REFUND, metadata: { maxAmount: { currency, value } } }],
 * and for a partial cancellation metadata.items (Item: id, uniqueId, externalCode, index, quantity, amount).
 */
const partial = (disputeId: string, minutesLeft = 7) => ({
  disputeId,
  action: 'PARTIAL_CANCELLATION',
  handshakeType: 'AFTER_DELIVERY_PARTIALLY',
  handshakeGroup: 'CUSTOMER_ORDER_SUPPORT',
  message: 'O refrigerante veio quente',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
  timeoutAction: 'ACCEPT_CANCELLATION',
  alternatives: [
    { id: 'alt-refund', type: 'REFUND', metadata: { maxAmount: { currency: 'BRL', value: '800' } } },
    { id: 'alt-time', type: 'ADDITIONAL_TIME', metadata: {} },
  ],
  metadata: {
    items: [{ id: 'item-2', uniqueId: 'u-2', externalCode: null, index: 2, quantity: 1, amount: { currency: 'BRL', value: '1200' }, reason: 'Veio quente' }],
    evidences: [],
  },
});
const answer = (id: string, payload: unknown, who = s.token) => t.app.inject({ method: 'POST', url: KDS_PATHS.ifoodDispute(id), headers: t.auth(who), payload: payload as object });
const propose = (id: string, payload: unknown, who = s.token) => t.app.inject({ method: 'POST', url: KDS_PATHS.ifoodDisputeProposal(id), headers: t.auth(who), payload: payload as object });

describe('a partial cancellation (PARTIAL_CANCELLATION with metadata.items)', () => {
  it('shows the items with their names and amounts, the deadline, what iFood does then and the refund it allows; accepting reaches iFood once', async () => {
    const { order, o } = await placed();
    const shown = await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('p-1'));
    const n = shown.Ifood!.Negociacao!;
    expect(n).toMatchObject({ Id: 'p-1', Acao: 'PARTIAL_CANCELLATION', Tipo: 'AFTER_DELIVERY_PARTIALLY', Situacao: 'aberta', AoExpirar: 'ACCEPT_CANCELLATION' });
    // The item's name comes from iFood's order (uniqueId u-2); the amount is iFood's cents in reais.
    expect(n.Itens).toEqual([{ Nome: 'Guaraná 2 L', Quantidade: 1, Valor: 12, Motivo: 'Veio quente' }]);
    expect(n.Alternativas).toEqual([
      { Id: 'alt-refund', Tipo: 'REFUND', ValorMaximo: 8 },
      { Id: 'alt-time', Tipo: 'ADDITIONAL_TIME', ValorMaximo: null },
    ]);
    expect(shown.Signal).toBe(true);
    const lines = ifoodTicketLines(shown.Ifood!);
    expect(lines.some((l) => l.startsWith('Cliente pediu o cancelamento de itens: "O refrigerante veio quente". Responda até'))).toBe(true);
    expect(lines).toContain('Cancelar: 1x Guaraná 2 L — R$ 12,00 (Veio quente)');

    const res = await answer(o.Id, { aceitar: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().Ifood.Negociacao.Situacao).toBe('aceita');
    expect(fake.calls(/\/disputes\/p-1\/accept$/)).toHaveLength(1);
    // Once answered, no proposal can follow (one answer per dispute).
    expectError(await propose(o.Id, { alternativaId: 'alt-refund', valor: 5 }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    await settle();
    expect(fake.calls(/\/disputes\//)).toHaveLength(1);
    const settled = await event(order, 'HSS', 'HANDSHAKE_SETTLEMENT', 2, { disputeId: 'p-1', status: 'ACCEPTED' });
    expect(settled.Ifood?.Negociacao?.Situacao).toBe('aceita');
  });

  it('an item iFood’s order does not name shows as "Item n"; a dispute with no items keeps an empty list', async () => {
    const { order } = await placed();
    const d = partial('p-2');
    d.metadata.items = [{ id: 'x', uniqueId: 'nope', externalCode: null, index: 9, quantity: 2, amount: { currency: 'BRL', value: 'abc' }, reason: '' }];
    const shown = await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, d);
    expect(shown.Ifood!.Negociacao!.Itens).toEqual([{ Nome: 'Item 9', Quantidade: 2, Valor: null, Motivo: null }]);

    const other = await placed();
    const full = await event(other.order, 'HSD', 'HANDSHAKE_DISPUTE', 1, { ...partial('p-3'), action: 'CANCELLATION', metadata: { evidences: [] }, alternatives: [] });
    expect(full.Ifood!.Negociacao).toMatchObject({ Acao: 'CANCELLATION', Itens: [], Alternativas: [] });
  });
});

describe('a refund counter-proposal (alternatives[] type REFUND)', () => {
  it('is sent once to …/alternatives/{alternativeId} with the type and the amount in cents; a second answer is refused here', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('r-1'));
    const res = await propose(o.Id, { alternativaId: 'alt-refund', valor: 6.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().Ifood.Negociacao).toMatchObject({ Situacao: 'proposta', Proposta: { AlternativaId: 'alt-refund', Tipo: 'REFUND', Valor: 6.5 } });
    const [call] = fake.calls(/\/disputes\/r-1\/alternatives\/alt-refund$/);
    expect(JSON.parse(call.body)).toEqual({ type: 'REFUND', metadata: { amount: { value: '650', currency: 'BRL' } } });
    expect(call.status).toBe(202);
    expect(ifoodTicketLines(res.json().Ifood)).toContain('Reembolso de R$ 6,50 proposto ao cliente pelo iFood.');

    expectError(await answer(o.Id, { aceitar: true }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    expectError(await propose(o.Id, { alternativaId: 'alt-refund', valor: 6.5 }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    await settle();
    expect(fake.calls(/\/disputes\//)).toHaveLength(1);

    // iFood's settlement of a counter-proposal: ACCEPTED settles it; another status is kept as iFood says it.
    const kept = await event(order, 'HSS', 'HANDSHAKE_SETTLEMENT', 2, { disputeId: 'r-1', status: 'ALTERNATIVE_REPLIED' });
    expect(kept.Ifood?.Negociacao).toMatchObject({ Situacao: 'proposta', Resultado: 'ALTERNATIVE_REPLIED' });
    const accepted = await event(order, 'HSS', 'HANDSHAKE_SETTLEMENT', 3, { disputeId: 'r-1', status: 'ACCEPTED' });
    expect(accepted.Ifood?.Negociacao?.Situacao).toBe('aceita');
  });

  it('iFood down: the proposal waits with backoff and reaches iFood exactly once', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('r-2'));
    fake.fail(/\/alternatives\//, 503, 2);
    const res = await propose(o.Id, { alternativaId: 'alt-refund', valor: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.json().Ifood.Negociacao.Situacao).toBe('proposta');
    await settle();
    const calls = fake.calls(/\/disputes\/r-2\/alternatives\/alt-refund$/);
    expect(calls.map((c) => c.status)).toEqual([503, 503, 202]);
    expect(calls.every((c) => JSON.parse(c.body).metadata.amount.value === '800')).toBe(true);
  });

  it('bad input: above iFood’s maximum, not in cents, zero, an alternative iFood did not offer or cannot be filled, expired, no request', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('r-3'));
    expectError(await propose(o.Id, { alternativaId: 'alt-refund', valor: 8.01 }), 400, 'O reembolso pode ser de até R$ 8,00.');
    expectError(await propose(o.Id, { alternativaId: 'alt-refund', valor: 1.234 }), 400, 'Informe um valor de reembolso maior que zero, em reais e centavos.');
    expect((await propose(o.Id, { alternativaId: 'alt-refund', valor: 0 })).statusCode).toBe(400);
    expect((await propose(o.Id, { alternativaId: 'alt-refund', valor: '5' })).statusCode).toBe(400);
    expect((await propose(o.Id, { valor: 5 })).statusCode).toBe(400);
    expectError(await propose(o.Id, { alternativaId: 'other', valor: 5 }), 400, 'O iFood não oferece esta proposta para este pedido.');
    expectError(await propose(o.Id, { alternativaId: 'alt-time', valor: 5 }), 400, 'O iFood não oferece esta proposta para este pedido.');
    // Still open: nothing was sent.
    expect((await current(order)).Ifood?.Negociacao?.Situacao).toBe('aberta');

    const late = await placed();
    await event(late.order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('r-4', -1));
    expectError(await propose(late.o.Id, { alternativaId: 'alt-refund', valor: 5 }), 409, 'O prazo do iFood para responder terminou.');
    const plain = await placed();
    expectError(await propose(plain.o.Id, { alternativaId: 'alt-refund', valor: 5 }), 409, 'Este pedido não tem pedido de cancelamento aberto.');
    expect(fake.calls(/\/disputes\//)).toHaveLength(0);
  });

  it('wrong role, another venue, an unknown order', async () => {
    const { order, o } = await placed();
    await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, partial('r-5'));
    const waiter = await t.login(DEMO.garcom);
    expectError(await propose(o.Id, { alternativaId: 'alt-refund', valor: 5 }, waiter), 403, MSG.accessDenied);
    const escola = await t.login(DEMO.escola);
    expect((await propose(o.Id, { alternativaId: 'alt-refund', valor: 5 }, escola)).statusCode).toBe(404);
    expectError(await propose('00000000-0000-4000-8000-000000000000', { alternativaId: 'alt-refund', valor: 5 }), 404, 'Pedido não encontrado.');
    expect(fake.calls(/\/disputes\//)).toHaveLength(0);
  });
});

describe('other requests on the platform', () => {
  it('more delivery time (PROPOSED_ADDITIONAL_TIME) and a refund asked by the customer are shown by name and answered', async () => {
    const { order, o } = await placed();
    const time = await event(order, 'HSD', 'HANDSHAKE_DISPUTE', 1, { ...partial('x-1'), action: 'PROPOSED_ADDITIONAL_TIME', handshakeType: 'DELAY', timeoutAction: 'VOID', alternatives: [], metadata: {} });
    expect(ifoodTicketLines(time.Ifood!).some((l) => l.startsWith('iFood propôs mais tempo de entrega: "O refrigerante veio quente".'))).toBe(true);
    const rej = await answer(o.Id, { aceitar: false, motivo: 'Sem entregador agora' });
    expect(rej.statusCode).toBe(200);
    expect(JSON.parse(fake.calls(/\/disputes\/x-1\/reject$/)[0].body)).toEqual({ reason: 'Sem entregador agora' });

    const other = await placed();
    const refund = await event(other.order, 'HSD', 'HANDSHAKE_DISPUTE', 1, { ...partial('x-2'), action: 'PROPOSED_AMOUNT_REFUND', handshakeType: 'AFTER_DELIVERY' });
    expect(ifoodTicketLines(refund.Ifood!).some((l) => l.startsWith('Cliente pediu reembolso'))).toBe(true);
    expect((await answer(other.o.Id, { aceitar: true })).statusCode).toBe(200);
    expect(fake.calls(/\/disputes\/x-2\/accept$/)).toHaveLength(1);
  });
});
