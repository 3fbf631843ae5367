import { describe, expect, it } from 'vitest';
import { makeOrder } from '../testing/fixtures';
import { boardStations, EXPEDITOR, itemsForStation, NO_STATION, onStationScreen, orderComplete, ordersForStation, stationDone, stationProgress, sortForColumn } from './stations';

const item = (id: string, station: string | null, done = false) => ({
  Id: id,
  Quantidade: 1,
  NomeProduto: `Produto ${id}`,
  Valor: 10,
  NomeImpressora: station,
  Observacoes: [],
  ProdutoId: null,
  ProntoEm: done ? '2026-11-23T12:00:00.000Z' : null,
});

describe('station routing', () => {
  const order = makeOrder({ Itens: [item('a', 'Cozinha'), item('b', 'Bar', true), item('c', null), item('d', ' Cozinha ', true)] });

  it('routes each item to its printer’s station; items without one go to "Sem estação"', () => {
    expect(boardStations([order])).toEqual(['Bar', 'Cozinha', NO_STATION]);
    expect(itemsForStation(order.Itens, 'Cozinha').map((i) => i.Id)).toEqual(['a', 'd']);
    expect(itemsForStation(order.Itens, NO_STATION).map((i) => i.Id)).toEqual(['c']);
  });

  it('counts each station’s done items; a station is done when all its items are', () => {
    expect(stationProgress(order)).toEqual([
      { station: 'Bar', done: 1, total: 1 },
      { station: 'Cozinha', done: 1, total: 2 },
      { station: NO_STATION, done: 0, total: 1 },
    ]);
    expect(stationDone(order, 'Bar')).toBe(true);
    expect(stationDone(order, 'Cozinha')).toBe(false);
    expect(stationDone(order, 'Copa')).toBe(false);
  });

  it('the expeditor sees an order complete only when every station is done', () => {
    expect(orderComplete(order)).toBe(false);
    expect(orderComplete(makeOrder({ Itens: [item('a', 'Cozinha', true), item('b', 'Bar', true)] }))).toBe(true);
    expect(orderComplete(makeOrder({ Itens: [] }))).toBe(false);
  });

  it('a station screen lists only accepted and in-preparation orders with items for it; the expeditor and "all" list every order', () => {
    const bar = { order: makeOrder({ stateId: 2, Itens: [item('x', 'Bar')] }) };
    const kitchen = { order: makeOrder({ stateId: 3, Itens: [item('y', 'Cozinha')] }) };
    const pending = { order: makeOrder({ stateId: 1, Itens: [item('p', 'Bar')] }) };
    const ready = { order: makeOrder({ stateId: 4, Itens: [item('r', 'Bar')] }) };
    expect(ordersForStation([bar, kitchen, pending, ready], 'Bar')).toEqual([bar]);
    expect(ordersForStation([bar, kitchen, pending, ready], 'Cozinha')).toEqual([kitchen]);
    expect(ordersForStation([bar, kitchen, pending, ready], EXPEDITOR)).toEqual([bar, kitchen, pending, ready]);
    expect(ordersForStation([bar, kitchen], null)).toEqual([bar, kitchen]);
  });

  it('an order leaves a station’s screen once that station has bumped all its items (the others still see it)', () => {
    const o = makeOrder({ stateId: 3, Itens: [item('a', 'Cozinha', true), item('b', 'Bar'), item('c', 'Cozinha')] });
    expect(onStationScreen(o, 'Cozinha')).toBe(true);
    const kitchenDone = { ...o, Itens: [item('a', 'Cozinha', true), item('b', 'Bar'), item('c', 'Cozinha', true)] };
    expect(onStationScreen(kitchenDone, 'Cozinha')).toBe(false);
    expect(onStationScreen(kitchenDone, 'Bar')).toBe(true);
    expect(onStationScreen(kitchenDone, 'Copa')).toBe(false);
  });
});

describe('rush', () => {
  it('rushed orders top the column (earliest rush first), then oldest first', () => {
    const old = { DataCriacao: '2026-11-23T10:00:00Z', UrgenteEm: null };
    const young = { DataCriacao: '2026-11-23T11:00:00Z', UrgenteEm: null };
    const rushedLate = { DataCriacao: '2026-11-23T11:30:00Z', UrgenteEm: '2026-11-23T12:10:00Z' };
    const rushedEarly = { DataCriacao: '2026-11-23T11:40:00Z', UrgenteEm: '2026-11-23T12:05:00Z' };
    expect(sortForColumn([young, rushedLate, old, rushedEarly], (o) => o)).toEqual([rushedEarly, rushedLate, old, young]);
  });
});
