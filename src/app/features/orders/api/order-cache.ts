/**
 * Writes the server's copy of an order into the cached board lists and its detail, never replacing
 * a newer copy with an older one (Versao), and puts a new order on the first page of the lists it
 * belongs to until their refetch confirms it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { order as orderSchema, type KdsListResponse, type Order } from '../../../../shared/contract/orders';
import { orderMatches, type ListFilters } from '../model/board-filters';
import { orderQueries } from './order-queries';

type ListKey = readonly ['orders', 'list', string, ListFilters];

export function patchOrder(qc: QueryClient, o: Order): void {
  for (const [key, data] of qc.getQueriesData<KdsListResponse>({ queryKey: orderQueries.lists() })) {
    if (!data) continue;
    const i = data.items.findIndex((x) => x.Id === o.Id);
    if (i < 0 || data.items[i].Versao > o.Versao || data.items[i] === o) continue;
    const items = data.items.slice();
    items[i] = o;
    qc.setQueryData<KdsListResponse>(key, { ...data, items });
  }
  const detailKey = orderQueries.detail(o.Id).queryKey;
  const prev = qc.getQueryData<Order>(detailKey);
  if (prev && prev.Versao <= o.Versao) qc.setQueryData(detailKey, o);
}

/** A new order: shown at once on the first page of every matching list of its venue. */
export function insertOrder(qc: QueryClient, localId: string, o: Order): void {
  for (const [key, data] of qc.getQueriesData<KdsListResponse>({ queryKey: [...orderQueries.lists(), localId] })) {
    if (!data) continue;
    const filters = (key as unknown as ListKey)[3];
    if (!filters || filters.page !== 1 || data.items.some((x) => x.Id === o.Id) || !orderMatches(o, filters)) continue;
    qc.setQueryData<KdsListResponse>(key, { ...data, items: [o, ...data.items], countTotal: data.countTotal + 1 });
  }
}

/** The order inside a command's answer or a 409 body ({ Pedido }), or the answer itself. */
export function orderFromBody(body: unknown): Order | null {
  if (!body || typeof body !== 'object') return null;
  const candidate = 'Pedido' in body ? (body as { Pedido: unknown }).Pedido : body;
  const parsed = orderSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
