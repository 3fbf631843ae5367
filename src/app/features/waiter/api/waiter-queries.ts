/**
 * The waiter's one query-key factory. Tables live under the persisted 'orders' root and the menu
 * under 'products', so both come back from IndexedDB when the phone opens without network; when
 * the server cannot be reached a query answers what it already had (offline-first, like the board)
 * and the connection store says since when.
 */
import { queryOptions, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { BILL_PATHS, tableBill } from '../../../../shared/contract/table-bill';
import { WAITER_PATHS, waiterMenuResponse, waiterTablesResponse } from '../../../../shared/contract/waiter';
import { WAITER_REFRESH_MS } from '../../../../shared/waiter';
import { api, ApiError } from '../../../lib/api-client';

// ---------------------------------------------------------------------------------------------
// Connection: "Sem conexão desde HH:MM" from the last failed call, cleared by any answer.

let offlineSince: number | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function noteNetworkFailure(): void {
  if (offlineSince === null) {
    offlineSince = Date.now();
    emit();
  }
}
export function noteContact(): void {
  if (offlineSince !== null) {
    offlineSince = null;
    emit();
  }
}
export function useOfflineSince(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => offlineSince,
  );
}

function keepWhenUnreachable<T, K extends QueryKey>(fn: () => Promise<T>) {
  return async (ctx: QueryFunctionContext<K>): Promise<T> => {
    try {
      const r = await fn();
      noteContact();
      return r;
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) {
        if (!ctx.signal.aborted) noteNetworkFailure();
        const cached = ctx.client.getQueryData<T>(ctx.queryKey);
        if (cached !== undefined) return cached;
      } else if (err instanceof ApiError) {
        noteContact();
      }
      throw err;
    }
  };
}

export const waiterQueries = {
  tablesKey: (localId: string) => ['orders', 'waiter', 'tables', localId] as const,
  tables: (localId: string) =>
    queryOptions({
      queryKey: waiterQueries.tablesKey(localId),
      queryFn: keepWhenUnreachable(() => api(WAITER_PATHS.tables, { query: { localClienteId: localId }, schema: waiterTablesResponse })),
      refetchInterval: WAITER_REFRESH_MS,
      refetchIntervalInBackground: false,
      staleTime: 0,
    }),
  menu: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'waiter-menu', localId] as const,
      queryFn: keepWhenUnreachable(() => api(WAITER_PATHS.menu, { query: { localClienteId: localId }, schema: waiterMenuResponse })),
      staleTime: 5 * 60_000,
    }),
};

// ---------------------------------------------------------------------------------------------
// The table's bill (issue 41): under the persisted 'orders' root, so the phone shows the last bill
// it read when the network is gone (with "Atualizado às HH:MM").

/**
 * A bill read this recently (the prefetch on the "Conta" tap) is not read again when its screen
 * mounts; older data (a bill seen minutes ago) is, as before.
 */
export const BILL_FRESH_ON_MOUNT_MS = 2_000;

/**
 * Whether the bill screen reads its bill again when it mounts: unless this page read it within
 * BILL_FRESH_ON_MOUNT_MS. A copy restored from the device's saved cache is always read again, however
 * young (lib/persisted-cache.ts marks every restored query invalidated): a reload a second after a
 * split was saved elsewhere must not keep showing the bill without it.
 */
export const billRefetchOnMount = (query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }, now = Date.now()): boolean =>
  query.state.isInvalidated || now - query.state.dataUpdatedAt > BILL_FRESH_ON_MOUNT_MS;

export const billQueries = {
  billKey: (localId: string, tableId: string) => ['orders', 'waiter', 'bill', localId, tableId] as const,
  bill: (localId: string, tableId: string) =>
    queryOptions({
      queryKey: billQueries.billKey(localId, tableId),
      queryFn: keepWhenUnreachable(() => api(BILL_PATHS.bill(tableId), { query: { localId }, schema: tableBill })),
      staleTime: 0,
    }),
};
