/**
 * The TanStack Query client, persisted to IndexedDB (idb-keyval) so the board, the catalogue and the
 * session's reference data survive a reload offline. Only queries whose key starts with one of
 * PERSISTED_ROOTS are written; the buster drops the cache of another release.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { APP_VERSION } from '../shared/constants';
import { ApiError } from './lib/api-client';

export const PERSISTED_ROOTS = ['orders', 'products', 'stores', 'reference'] as const;
export const CACHE_BUSTER = `${APP_VERSION}-${import.meta.env.VITE_BUILD_ID ?? 'dev'}`;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 3600_000,
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/** True when IndexedDB can be used (private modes may refuse it). */
export async function storageAvailable(): Promise<boolean> {
  try {
    await set('balcao.probe', 1);
    await del('balcao.probe');
    return true;
  } catch {
    return false;
  }
}

export const persister = createAsyncStoragePersister({
  storage: { getItem: (k) => get(k), setItem: (k, v) => set(k, v), removeItem: (k) => del(k) },
  key: 'balcao.queryCache',
  throttleTime: 1000,
});

export const dehydrateOptions = {
  // Any query that holds data is kept, even when its last refetch failed (offline): otherwise a
  // failed poll would erase the board that the tablet needs while the network is gone.
  shouldDehydrateQuery: (q: { queryKey: readonly unknown[]; state: { data: unknown } }) =>
    q.state.data !== undefined && (PERSISTED_ROOTS as readonly string[]).includes(String(q.queryKey[0])),
};
