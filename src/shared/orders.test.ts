import { describe, expect, it } from 'vitest';
import { kdsListQuery, orderIntakeRequest, stateChangeRequest } from './contract/orders';
import {
  allowedTransitions,
  canRun,
  courierCalledAutomatically,
  decideCommand,
  DEFAULT_WORKFLOW_STATES,
  isAllowedTransition,
  KDS_PATHS,
  needsCancellationReason,
  needsDeliveryChoice,
  needsPassword,
  ORDER_COMMANDS,
  ORDER_MSG,
  ORDER_STATE,
  ORDER_STATE_IDS,
  orderActions,
  PLACEHOLDER_CARRIER_ID,
  stateKeyOf,
  type OrderForRules,
} from './orders';

const S = ORDER_STATE;

describe('the transition table', () => {
  it('allows exactly the board’s moves', () => {
    const pairs = allowedTransitions().map((t) => `${t.command}:${t.from}->${t.to}`);
    expect(pairs.sort()).toEqual(
      [
        'acceptOrder:1->2',
        'refuseOrder:1->6',
        'startOrder:2->3',
        'transportOrder:3->4',
        'readyToPickup:3->4',
        'deliverOrder:4->5',
        'receivedOrder:4->5',
        'returnedOrder:4->6',
      ].sort(),
    );
  });

  it('has no way out of Entregue and Recusado, and no way back', () => {
    for (const to of ORDER_STATE_IDS) {
      expect(isAllowedTransition(S.Entregue, to)).toBe(false);
      expect(isAllowedTransition(S.Recusado, to)).toBe(false);
    }
    expect(isAllowedTransition(S.Aceito, S.Pendente)).toBe(false);
    expect(isAllowedTransition(S.EmTransporte, S.EmPreparo)).toBe(false);
    expect(isAllowedTransition(S.Pendente, S.Aceito)).toBe(true);
  });

  it('every state has a seeded name and colour; keys map back', () => {
    expect(DEFAULT_WORKFLOW_STATES.map((s) => s.Name)).toEqual(['Pendente', 'Aceito', 'Em preparo', 'Em transporte', 'Entregue', 'Recusado']);
    for (const s of DEFAULT_WORKFLOW_STATES) {
      expect(stateKeyOf(s.Id)).toBe(s.Key);
      expect(s.BackgroundColor).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
});

describe('decideCommand (expected state, issue 4)', () => {
  it('applies a command from its start state', () => {
    for (const c of ORDER_COMMANDS) for (const s of ORDER_STATE_IDS) if (canRun(c, s)) expect(decideCommand(c, s)).toBe('apply');
  });

  it('is a no-op when the change was already made, even if the order went further', () => {
    expect(decideCommand('acceptOrder', S.Aceito, S.Pendente)).toBe('noop');
    expect(decideCommand('acceptOrder', S.EmPreparo, S.Pendente, [1, 2, 3])).toBe('noop');
    expect(decideCommand('refuseOrder', S.Recusado, S.Pendente, [1, 6])).toBe('noop');
  });

  it('is a conflict when incompatible or when the sender’s view is stale', () => {
    expect(decideCommand('acceptOrder', S.Recusado, S.Pendente, [1, 6])).toBe('conflict');
    expect(decideCommand('deliverOrder', S.Recusado, S.EmTransporte, [1, 2, 3, 4, 6])).toBe('conflict');
    expect(decideCommand('startOrder', S.Aceito, S.Pendente, [1, 2])).toBe('conflict');
    expect(decideCommand('startOrder', S.Aceito, S.Aceito, [1, 2])).toBe('apply');
    expect(decideCommand('startOrder', S.Pendente)).toBe('conflict');
  });
});

describe('password and reason rules', () => {
  it('own-platform refusal and Devolver need the password; marketplace refusal needs a reason', () => {
    expect(needsPassword('refuseOrder', 1)).toBe(true);
    expect(needsPassword('refuseOrder', 2)).toBe(false);
    expect(needsPassword('returnedOrder', 2)).toBe(true);
    expect(needsPassword('acceptOrder', 1)).toBe(false);
    expect(needsCancellationReason('refuseOrder', 2)).toBe(true);
    expect(needsCancellationReason('refuseOrder', 1)).toBe(false);
    expect(ORDER_MSG.passwordEmpty).toBe('Preencha a senha do usuário atual para continuar');
  });
});

describe('which actions a card shows', () => {
  const base: OrderForRules = {
    OrigemPedido: 1,
    TipoEntrega: 1,
    EhPagamentoPresencial: false,
    ChamouMeepDelivery: false,
    LinkRastreio: null,
    Transportador: null,
    ModoEntrega: null,
    WorkflowInstance: { CurrenteState: { Id: S.Pendente } },
  };
  const platformOnly = { useMeepDelivery: true, useOwnDelivery: false, deliveryTimePerOrder: false };
  const both = { useMeepDelivery: true, useOwnDelivery: true, deliveryTimePerOrder: false };
  const at = (id: number, over: Partial<OrderForRules> = {}): OrderForRules => ({ ...base, ...over, WorkflowInstance: { CurrenteState: { Id: id } } });

  it('follows the states', () => {
    expect(orderActions(at(S.Pendente), platformOnly)).toEqual(['acceptOrder', 'refuseOrder']);
    expect(orderActions(at(S.Aceito), platformOnly)).toEqual(['startOrder', 'callCourier']);
    expect(orderActions(at(S.EmPreparo, { TipoEntrega: 2 }), platformOnly)).toEqual(['readyToPickup']);
    expect(orderActions(at(S.EmPreparo, { TipoEntrega: 3 }), platformOnly)).toEqual(['readyToPickup']);
    expect(orderActions(at(S.EmPreparo, { TipoEntrega: 1 }), platformOnly)).toEqual(['transportOrder', 'callCourier']);
    expect(orderActions(at(S.Entregue), platformOnly)).toEqual([]);
    expect(orderActions(at(S.Recusado), platformOnly)).toEqual([]);
  });

  it('Finalizar and Devolver are not shown for marketplace orders (Recebido is)', () => {
    expect(orderActions(at(S.EmTransporte, { TipoEntrega: 2 }), platformOnly)).toEqual(['deliverOrder', 'returnedOrder']);
    expect(orderActions(at(S.EmTransporte, { TipoEntrega: 2, OrigemPedido: 2 }), platformOnly)).toEqual(['receivedOrder']);
  });

  it('Chamar Motoboy, then Chamando, Ver entrega with a link, change carrier hidden for the placeholder', () => {
    expect(orderActions(at(S.EmPreparo), platformOnly)).toContain('callCourier');
    expect(orderActions(at(S.EmPreparo, { ChamouMeepDelivery: true }), platformOnly)).toContain('callingCourier');
    const assigned = at(S.EmTransporte, { ChamouMeepDelivery: true, LinkRastreio: 'https://x', Transportador: { Id: PLACEHOLDER_CARRIER_ID } });
    const actions = orderActions(assigned, platformOnly);
    expect(actions).toContain('seeDelivery');
    expect(actions).not.toContain('changeCarrier');
    expect(actions).not.toContain('callingCourier');
    const own = at(S.EmTransporte, { ModoEntrega: 1, Transportador: { Id: '6f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f' } });
    expect(orderActions(own, both)).toContain('changeCarrier');
    expect(orderActions(own, both)).not.toContain('callCourier');
  });

  it('the “Entrega” choice appears only with both deliveries, not paid on delivery and nothing chosen', () => {
    expect(needsDeliveryChoice(at(S.Aceito), both)).toBe(true);
    expect(orderActions(at(S.Aceito), both)).toContain('chooseDelivery');
    expect(needsDeliveryChoice(at(S.Aceito, { EhPagamentoPresencial: true }), both)).toBe(false);
    expect(needsDeliveryChoice(at(S.Aceito, { ModoEntrega: 1 }), both)).toBe(false);
    expect(needsDeliveryChoice(at(S.Aceito), platformOnly)).toBe(false);
  });

  it('marketplace deliveries, or deliveries not paid on delivery with only the platform, call the courier automatically', () => {
    expect(courierCalledAutomatically(at(S.Aceito, { OrigemPedido: 2 }), both)).toBe(true);
    expect(courierCalledAutomatically(at(S.Aceito), platformOnly)).toBe(true);
    expect(courierCalledAutomatically(at(S.Aceito, { EhPagamentoPresencial: true }), platformOnly)).toBe(false);
    expect(courierCalledAutomatically(at(S.Aceito), both)).toBe(false);
    expect(courierCalledAutomatically(at(S.Aceito, { TipoEntrega: 2, OrigemPedido: 2 }), both)).toBe(false);
  });
});

describe('contract', () => {
  it('list query: defaults to page 1 and 20 per page; etapas as list or repeated', () => {
    expect(kdsListQuery.parse({ localClienteId: 'x' })).toMatchObject({ page: 1, size: 20 });
    expect(kdsListQuery.parse({ localClienteId: 'x', etapas: '1,3' }).etapas).toEqual([1, 3]);
    expect(kdsListQuery.parse({ localClienteId: 'x', etapas: ['2', '4'] }).etapas).toEqual([2, 4]);
    expect(kdsListQuery.parse({ localClienteId: 'x', shouldOpenStore: 'true', page: '3' })).toMatchObject({ shouldOpenStore: true, page: 3 });
    expect(kdsListQuery.safeParse({ localClienteId: 'x', size: 500 }).success).toBe(false);
  });

  it('state change request accepts the spec’s fields and the expected state', () => {
    const r = stateChangeRequest.parse({
      Id: '6f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f',
      NewStateId: 2,
      DeliveryTime: '30',
      StoreId: null,
      Password: null,
      ReasonCancellation: null,
      Timer: '00:04:10',
      ExpectedStateId: 1,
    });
    expect(r.DeliveryTime).toBe(30);
    expect(stateChangeRequest.safeParse({ Id: 'nope' }).success).toBe(false);
  });

  it('intake needs a customer name and at least one item', () => {
    const ok = orderIntakeRequest.safeParse({ LocalClienteId: 'v', OrigemPedido: 1, TipoEntrega: 2, Cliente: { Nome: 'Ana' }, Itens: [{ NomeProduto: 'X', Valor: 1, Quantidade: 1 }], TipoPagamentoId: 4 });
    expect(ok.success).toBe(true);
    const bad = orderIntakeRequest.safeParse({ LocalClienteId: 'v', OrigemPedido: 1, TipoEntrega: 2, Cliente: { Nome: ' ' }, Itens: [], TipoPagamentoId: 4 });
    expect(bad.success).toBe(false);
  });

  it('paths follow the spec', () => {
    expect(KDS_PATHS.command('acceptOrder')).toBe('/api/kds/acceptOrder');
    expect(KDS_PATHS.tracking('ABC')).toBe('/api/MeepFood/Order/ABC');
    expect(KDS_PATHS.chatUnread('L')).toBe('/api/Chat/GetNotVizualizedMessagesFromAppByLocal/L');
  });
});
