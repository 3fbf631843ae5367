/**
 * Station routing: each item goes to the station of its product's printer (NomeImpressora, e.g.
 * "Cozinha", "Bar"); the server stamps it at intake (the product's, else the venue's default
 * station), so "Sem estação" is only a guard for a copy without one. A station screen shows the
 * accepted and in-preparation orders that still have items for it (and only those items, each
 * bumped on its own; bumped ones fold away); when every station has bumped every item the server
 * moves the order on, and the expeditor sees it complete. Rushed orders top their column.
 */
import type { Order, OrderItem } from '../../../../shared/contract/orders';
import { STATION_STATES } from '../../../../shared/orders';

export const NO_STATION = 'Sem estação';
/** The expeditor's screen, in the URL's `estacao`. */
export const EXPEDITOR = 'expedicao';

export const stationOf = (item: Pick<OrderItem, 'NomeImpressora'>): string => item.NomeImpressora?.trim() || NO_STATION;
export const itemDone = (item: Pick<OrderItem, 'ProntoEm'>): boolean => !!item.ProntoEm;

/** One collator for the module: `localeCompare(b, 'pt-BR')` builds one per comparison. */
const byName = new Intl.Collator('pt-BR').compare;

/** Every station the orders use, in alphabetical order ("Sem estação" last). */
export function boardStations(orders: readonly Pick<Order, 'Itens'>[]): string[] {
  const set = new Set<string>();
  for (const o of orders) for (const i of o.Itens) set.add(stationOf(i));
  return [...set].sort((a, b) => (a === NO_STATION ? 1 : b === NO_STATION ? -1 : byName(a, b)));
}

export function itemsForStation<T extends Pick<OrderItem, 'NomeImpressora'>>(items: readonly T[], station: string): T[] {
  return items.filter((i) => stationOf(i) === station);
}

export interface StationProgress {
  station: string;
  done: number;
  total: number;
}

/** Per station of an order: how many of its items are done. */
export function stationProgress(order: Pick<Order, 'Itens'>): StationProgress[] {
  const by = new Map<string, StationProgress>();
  for (const i of order.Itens) {
    const s = stationOf(i);
    const p = by.get(s) ?? { station: s, done: 0, total: 0 };
    p.total += 1;
    if (itemDone(i)) p.done += 1;
    by.set(s, p);
  }
  return [...by.values()].sort((a, b) => a.station.localeCompare(b.station, 'pt-BR'));
}

/** The expeditor's rule: complete when every station is done (an order without items is not). */
export function orderComplete(order: Pick<Order, 'Itens'>): boolean {
  return order.Itens.length > 0 && order.Itens.every(itemDone);
}

/** Whether the station's part of the order is done (every item of it bumped). */
export function stationDone(order: Pick<Order, 'Itens'>, station: string): boolean {
  const mine = itemsForStation(order.Itens, station);
  return mine.length > 0 && mine.every(itemDone);
}

/** Whether a station's screen shows the order: accepted or in preparation, with items of it still to make. */
export function onStationScreen(order: Pick<Order, 'Itens' | 'WorkflowInstance'>, station: string): boolean {
  if (!(STATION_STATES as readonly number[]).includes(order.WorkflowInstance.CurrenteState.Id)) return false;
  return order.Itens.some((i) => stationOf(i) === station && !itemDone(i));
}

/** The orders a screen lists: every one on the whole board and the expeditor's, else the station's (onStationScreen). */
export function ordersForStation<T extends { order: Pick<Order, 'Itens' | 'WorkflowInstance'> }>(entries: readonly T[], station: string | null): T[] {
  if (!station || station === EXPEDITOR) return entries as T[];
  return entries.filter((e) => onStationScreen(e.order, station));
}

/**
 * Column order: rushed orders first (the earliest rushed on top), then oldest first. Sorts `list` in
 * place and returns it; each order's times are read once, not at every comparison (a 300-order board
 * would parse ≈ 2,000 dates).
 */
export function sortForColumn<T>(list: T[], orderOf: (t: T) => Pick<Order, 'UrgenteEm' | 'DataCriacao'>): T[] {
  const keyed = list.map((t) => {
    const o = orderOf(t);
    return { t, rushed: o.UrgenteEm ? Date.parse(o.UrgenteEm) : Infinity, created: Date.parse(o.DataCriacao) };
  });
  // Two unrushed orders: Infinity - Infinity is NaN, falsy, so their creation decides.
  keyed.sort((a, b) => a.rushed - b.rushed || a.created - b.created);
  keyed.forEach((k, i) => (list[i] = k.t));
  return list;
}
