import { describe, expect, it } from 'vitest';
import { makeOrder, stateRef } from '../testing/fixtures';
import { commandLabel, commandPath, notAppliedMessage, overlayOrder, recordsByOrder } from './commands';

describe('order commands', () => {
  it('maps every command to its path', () => {
    expect(commandPath('acceptOrder')).toBe('/api/kds/acceptOrder');
    expect(commandPath('resendToPrinter')).toBe('/api/kds/ReSendOrder');
    expect(commandPath('assignCarrier')).toBe('/api/kds/atualizartransportador');
    expect(commandPath('callCourier')).toBe('/api/kds/chamarEntregador');
    expect(() => commandPath('nope')).toThrow();
    expect(commandPath('rushOrder')).toBe('/api/kds/rushOrder');
    expect(commandPath('bumpItem')).toBe('/api/kds/bumpItem');
  });

  it('a queued rush or item bump shows on the card before the server has it', () => {
    const o = makeOrder({});
    const itemId = o.Itens[0]!.Id;
    const rec = (seq: number, preview: object) => ({ orderId: o.Id, status: 'pending', payload: { preview }, createdAt: 1000 + seq, seq });
    const { order, mark } = overlayOrder(o, [rec(1, { UrgenteEm: '2026-11-23T12:00:00.000Z' }), rec(2, { itemBump: { id: itemId, ProntoEm: '2026-11-23T12:01:00.000Z' } })]);
    expect(mark).toBe('pending');
    expect(order.UrgenteEm).toBe('2026-11-23T12:00:00.000Z');
    expect(order.Itens[0]!.ProntoEm).toBe('2026-11-23T12:01:00.000Z');
    expect(overlayOrder(order, [rec(3, { UrgenteEm: null })]).order.UrgenteEm).toBeNull();
  });

  it('names a conflict with what happened elsewhere and when', () => {
    const current = makeOrder({
      Codigo: '1234',
      stateId: 6,
      HistoricoEstados: [
        { EstadoId: 1, Data: '2026-03-10T14:55:00.000Z', Usuario: null },
        { EstadoId: 6, Data: '2026-03-10T15:03:00.000Z', Usuario: 'Outro tablet' },
      ],
    });
    const msg = notAppliedMessage({ command: 'acceptOrder', label: commandLabel('acceptOrder', '1234'), status: 'conflict', response: { Message: 'x', Pedido: current } });
    expect(msg).toBe('Aceite do pedido #1234 não aplicado: recusado em outro dispositivo às 12:03');
  });

  it('shows the server message for a final refusal (e.g. a wrong password on replay)', () => {
    expect(notAppliedMessage({ command: 'refuseOrder', label: 'Recusa do pedido #12', status: 'failed', lastError: 'Senha incorreta.' })).toBe(
      'Recusa do pedido #12 não aplicada: Senha incorreta.',
    );
  });

  it('overlays waiting commands in queue order and keeps the same object when nothing waits', () => {
    const o = makeOrder({ stateId: 1 });
    expect(overlayOrder(o, []).order).toBe(o);
    const recs = [
      { orderId: o.Id, status: 'pending', createdAt: 2, seq: 2, payload: { preview: { state: stateRef(3) } } },
      { orderId: o.Id, status: 'sending', createdAt: 1, seq: 1, payload: { preview: { state: stateRef(2) } } },
      { orderId: o.Id, status: 'conflict', createdAt: 3, seq: 3, payload: { preview: { state: stateRef(6) } } },
    ];
    const grouped = recordsByOrder(recs).get(o.Id)!;
    const r = overlayOrder(o, grouped);
    expect(r.order.WorkflowInstance.CurrenteState.Name).toBe('Em preparo');
    expect(r.mark).toBe('sending');
    expect(o.WorkflowInstance.CurrenteState.Id).toBe(1);
  });
});
