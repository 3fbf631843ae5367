import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/contract/orders';
import { makeOrder } from '../testing/fixtures';
import { allDayCounts, secondsPerState, stateTimings } from './all-day';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const at = (min: number) => new Date(T0 + min * 60_000).toISOString();

function order(stateId: number, items: Array<[string, number, string | null]>, history: Array<[number, number]> = []): Order {
  const o = makeOrder({ stateId });
  return {
    ...o,
    DataCriacao: at(0),
    Itens: items.map(([name, q, printer], i) => ({ ...o.Itens[0], Id: `i${i}`, NomeProduto: name, Quantidade: q, NomeImpressora: printer })),
    HistoricoEstados: history.map(([EstadoId, min]) => ({ EstadoId, Data: at(min), Usuario: null })),
  };
}

describe('all-day counts', () => {
  const orders = [
    order(1, [['X-Salada', 2, 'Chapa'], ['Chope', 1, 'Bar']]),
    order(3, [['X-Salada', 1, 'Chapa'], ['X-Salada', 1, 'Chapa'], ['Batata', 3, null]]),
    order(4, [['X-Salada', 5, 'Chapa']]), // already made: Em transporte does not count
    order(5, [['Chope', 9, 'Bar']]),
  ];
  it('totals each item across the open orders, by station, most needed first', () => {
    expect(allDayCounts(orders)).toEqual([
      { station: 'Bar', item: 'Chope', quantity: 1, orders: 1 },
      { station: 'Chapa', item: 'X-Salada', quantity: 4, orders: 2 },
      // The same station rule as the station screens (the server stamps a station on every new item).
      { station: 'Sem estação', item: 'Batata', quantity: 3, orders: 1 },
    ]);
  });
  it('leaves out the items a station has bumped', () => {
    const o = order(3, [['X-Salada', 2, 'Chapa'], ['X-Salada', 1, 'Chapa'], ['Chope', 1, 'Bar']]);
    o.Itens[0].ProntoEm = at(3);
    o.Itens[2].ProntoEm = at(4);
    expect(allDayCounts([o])).toEqual([{ station: 'Chapa', item: 'X-Salada', quantity: 1, orders: 1 }]);
  });
  it('filters one station', () => {
    expect(allDayCounts(orders, 'Chapa')).toEqual([{ station: 'Chapa', item: 'X-Salada', quantity: 4, orders: 2 }]);
    expect(allDayCounts([], 'Bar')).toEqual([]);
  });
});

describe('preparation times', () => {
  it('seconds in each state from the history, the current one up to now', () => {
    const o = order(3, [['X', 1, null]], [[1, 0], [2, 2], [3, 5]]);
    expect(Object.fromEntries(secondsPerState(o, T0 + 12 * 60_000))).toEqual({ 1: 120, 2: 180, 3: 420 });
  });
  it('an order without history counts from its creation in its state', () => {
    const o = order(1, [['X', 1, null]]);
    expect(Object.fromEntries(secondsPerState(o, T0 + 90_000))).toEqual({ 1: 90 });
  });
  it('average of the orders that left a state, longest current wait, and how many are over the target', () => {
    const now = T0 + 20 * 60_000;
    const orders = [
      order(4, [['X', 1, null]], [[1, 0], [2, 1], [3, 3], [4, 13]]), // preparo 10 min, done
      order(3, [['X', 1, null]], [[1, 0], [2, 2], [3, 4]]), // preparo 16 min so far
      order(3, [['X', 1, null]], [[1, 0], [2, 4], [3, 18]]), // preparo 2 min so far
      order(1, [['X', 1, null]], [[1, 19]]), // pendente 1 min
    ];
    const [pend, acc, prep] = stateTimings(orders, now, 12);
    expect(prep).toEqual({ stateId: 3, averageSeconds: 600, currentSeconds: 960, overTarget: 1 });
    expect(acc).toEqual({ stateId: 2, averageSeconds: Math.round((120 + 120 + 840) / 3), currentSeconds: null, overTarget: 0 });
    expect(pend).toEqual({ stateId: 1, averageSeconds: Math.round((60 + 120 + 240) / 3), currentSeconds: 60, overTarget: 0 });
    // Em preparo is over its own preparation target (15 minutes by default; 30 for a slow dish).
    orders[1] = { ...orders[1], TempoPreparo: 30 };
    expect(stateTimings(orders, now, 12)[2].overTarget).toBe(0);
  });
});
