/**
 * The order board's one query-key factory. Every key starts with 'orders', the root the query
 * client persists to IndexedDB, so a reload without network shows the last known board.
 */
import { keepPreviousData, queryOptions, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  cancellationReasonsResponse,
  carrierListResponse,
  chatUnreadResponse,
  kdsListResponse,
  kdsSettings,
  kdsTablesResponse,
  marketplaceStatus,
  order,
  trackingResponse,
  workflowStatesResponse,
  type KdsListResponse,
} from '../../../../shared/contract/orders';
import { API_EXTENSIONS } from '../../../../shared/api-extensions';
import { CHAT_TIMEOUT_MS, KDS_ACTIVE_MAX, KDS_LIST_TIMEOUT_MS, KDS_PAGE_SIZE, KDS_PATHS, WORKFLOW_DEFINITION } from '../../../../shared/orders';
import { api, ApiError } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { hasApiExtension } from '../../../lib/runtime-config';
import { getSession, isDesktopApp } from '../../../lib/session';
import { endOfDayIso, startOfDayIso, todayInSaoPaulo, type ListFilters } from '../model/board-filters';
import { noteContact, noteNetworkFailure } from './connection';

/** The part of a store the board's filter needs (GET api/store/?localClienteId, the catalogue's). */
const storeOptions = z.array(z.object({ Id: z.string(), Name: z.string() }));

export async function fetchOrderList(localId: string, f: ListFilters, extra: { shouldOpenStore?: boolean; signal?: AbortSignal } = {}): Promise<KdsListResponse> {
  if (f.modo && !hasApiExtension(API_EXTENSIONS.kdsActive)) return fetchActiveBySpecPages(localId, f, extra);
  let totalHeader: string | null = null;
  const res = await api(KDS_PATHS.list, {
    query: {
      localClienteId: localId,
      keyword: f.keyword,
      dataInicio: f.dataInicio,
      dataFim: f.dataFim,
      etapas: f.etapas.length ? f.etapas.join(',') : undefined,
      storeId: f.storeId,
      mesaId: f.mesaId,
      page: f.page,
      size: KDS_PAGE_SIZE,
      modo: f.modo,
      // The desktop kitchen app (?app=desktop) says so on every list request (spec 000 §7).
      kdsDesktop: isDesktopApp(getSession()) ? true : undefined,
      shouldOpenStore: extra.shouldOpenStore ? true : undefined,
    },
    schema: kdsListResponse,
    // Up to 300 orders a tablet draws at once: our server has checked them against this contract.
    checkedByServer: true,
    timeoutMs: KDS_LIST_TIMEOUT_MS,
    signal: extra.signal,
    onHeaders: (h) => (totalHeader = h.get('x-total-count')),
  }).catch((err: unknown) => {
    if (err instanceof ApiError && err.isNetwork && !extra.signal?.aborted) noteNetworkFailure();
    throw err;
  });
  noteContact();
  // The active mode (ours) is never paged: its next-page flag stays the body's.
  return withHeaderTotal(res, totalHeader, f.modo ? undefined : f.page);
}

/**
 * B16 (issue 40): a server that does not offer the active mode (`modo=ativos`, ours) gets the
 * spec's list call instead: the date filters (the URL's days, else today, from the start of the
 * first day to the end of the last) and paging (size 20, pages 1, 2… while size × page < total), up
 * to the active mode's limit, oldest first as the active mode answers.
 */
async function fetchActiveBySpecPages(localId: string, f: ListFilters, extra: { shouldOpenStore?: boolean; signal?: AbortSignal }): Promise<KdsListResponse> {
  const { modo: _active, ...spec } = f;
  const today = todayInSaoPaulo();
  const dated = { ...spec, dataInicio: f.dataInicio ?? startOfDayIso(today), dataFim: f.dataFim ?? endOfDayIso(today) };
  const items: KdsListResponse['items'] = [];
  for (let page = 1; ; page++) {
    const res = await fetchOrderList(localId, { ...dated, page }, extra);
    items.push(...res.items);
    if (!res.hasNext || items.length >= KDS_ACTIVE_MAX || res.items.length === 0) {
      const byAge = items.sort((a, b) => Date.parse(a.DataCriacao) - Date.parse(b.DataCriacao)).slice(0, KDS_ACTIVE_MAX);
      return { items: byAge, hasNext: res.hasNext && res.items.length > 0, countTotal: Math.max(res.countTotal, byAge.length) };
    }
  }
}

/**
 * Spec 000 (order board): the total comes from the `x-total-count` header and there is a next page
 * while size × page < total. Our server sends the same figures in the body too; the header, when
 * there, is what counts.
 */
export function withHeaderTotal(res: KdsListResponse, header: string | null, page: number | undefined): KdsListResponse {
  const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  if (total === null) return res;
  return { ...res, countTotal: total, hasNext: page ? KDS_PAGE_SIZE * page < total : res.hasNext };
}

/**
 * Offline-first: when the server cannot be reached, a board query answers what it already had
 * (restored from IndexedDB or fetched earlier) instead of failing, so it stays a success and keeps
 * being persisted; the board says "Sem conexão desde HH:MM" from the connection store meanwhile.
 */
function keepWhenUnreachable<T, K extends QueryKey>(fn: (ctx: QueryFunctionContext<K>) => Promise<T>) {
  return async (ctx: QueryFunctionContext<K>): Promise<T> => {
    try {
      return await fn(ctx);
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) {
        if (!ctx.signal.aborted) noteNetworkFailure();
        const cached = ctx.client.getQueryData<T>(ctx.queryKey);
        if (cached !== undefined) return cached;
      }
      throw err;
    }
  };
}

export const orderQueries = {
  all: () => ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (localId: string, filters: ListFilters) =>
    queryOptions({
      queryKey: ['orders', 'list', localId, filters] as const,
      queryFn: keepWhenUnreachable(({ signal }) => fetchOrderList(localId, filters, { signal })),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  details: () => ['orders', 'detail'] as const,
  /** One order (the print page, the detail drawer when the order is not on the page). */
  detail: (orderId: string) =>
    queryOptions({
      queryKey: ['orders', 'detail', orderId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.orderForPrint(orderId), { schema: order })),
    }),
  states: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'states', localId] as const,
      queryFn: keepWhenUnreachable(() =>
        api(KDS_PATHS.workflowStates, { query: { workflowDefinition: WORKFLOW_DEFINITION, localClienteId: localId }, schema: workflowStatesResponse }),
      ),
      staleTime: 10 * 60_000,
    }),
  settings: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'settings', localId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.settingsOf(localId), { schema: kdsSettings })),
      staleTime: 60_000,
    }),
  carriers: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'carriers', localId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.carriers, { query: { localClienteId: localId }, schema: carrierListResponse })),
    }),
  tables: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'tables', localId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.tables, { query: { localClienteId: localId }, schema: kdsTablesResponse })),
      staleTime: 10 * 60_000,
    }),
  stores: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'stores', localId] as const,
      queryFn: keepWhenUnreachable(() => api('api/store', { query: { localClienteId: localId }, schema: storeOptions })),
      staleTime: 10 * 60_000,
    }),
  marketplace: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'marketplace', localId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.marketplaceStatus(localId), { schema: marketplaceStatus })),
      staleTime: 30_000,
    }),
  chatUnread: (localId: string) =>
    queryOptions({
      queryKey: ['orders', 'chat', localId] as const,
      queryFn: () => api(KDS_PATHS.chatUnread(localId), { schema: chatUnreadResponse, timeoutMs: CHAT_TIMEOUT_MS }),
      refetchInterval: CHAT_TIMEOUT_MS,
    }),
  cancellationReasons: (orderId: string) =>
    queryOptions({
      queryKey: ['orders', 'cancellationReasons', orderId] as const,
      queryFn: keepWhenUnreachable(() => api(KDS_PATHS.cancellationReasons(orderId), { schema: cancellationReasonsResponse })),
      staleTime: 10 * 60_000,
    }),
};

/** Public order tracking (no session; not persisted: root 'orderTracking'). */
export const trackingQueries = {
  byCode: (code: string, refetchMs: number) =>
    ({ ...getQuery(['orderTracking', code], KDS_PATHS.tracking(code), trackingResponse, { token: '' }), refetchInterval: refetchMs, refetchIntervalInBackground: true, retry: false }),
};
