/**
 * The TanStack Query client. Signed-in pages persist it to IndexedDB (lib/persisted-cache.ts) so the
 * board, the catalogue and the session's reference data survive a reload offline. Only queries whose
 * key starts with one of PERSISTED_ROOTS are written; the buster drops the cache of another release.
 */
import { notifyManager, onlineManager, QueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '../shared/constants';
import { ApiError } from './lib/api-client';

// Back-office lists (issue 28) are kept too, so an offline reload shows their last copy (the list
// pages are in lib/saved-lists.ts). Finance, accreditation, cashless and bank data are not: see
// ONLINE_ONLY_LIST_ROUTES there for why.
export const PERSISTED_ROOTS = [
  'orders', 'products', 'stores', 'reference', 'customers', 'payment-links', 'scheduling', 'donations',
  'product-categories', 'customer-categories', 'payment-methods', 'printers', 'staff', 'sales-points',
] as const;
export const CACHE_BUSTER = `${APP_VERSION}-${import.meta.env.VITE_BUILD_ID ?? 'dev'}`;

export function createQueryClient() {
  // TanStack Query takes the network as up until an 'offline' event: a page reloaded offline would
  // retry, then turn its saved copy into an error. Start from the browser's word, so those retries
  // wait (paused) for the connection and the saved copy stays on screen.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  // An answer reaches the screen before the tasks already queued (other answers, storage callbacks):
  // TanStack hands results over in a task of its own (a timer by default); where the browser has a
  // task scheduler, that task runs first.
  const tasks = (globalThis as { scheduler?: { postTask(cb: () => void, o: { priority: string }): Promise<unknown> } }).scheduler;
  if (tasks?.postTask) notifyManager.setScheduler((cb) => void tasks.postTask(cb, { priority: 'user-blocking' }));
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

export const dehydrateOptions = {
  // Any query that holds data is kept, even when its last refetch failed (offline): otherwise a
  // failed poll would erase the board that the tablet needs while the network is gone.
  shouldDehydrateQuery: (q: { queryKey: readonly unknown[]; state: { data: unknown } }) =>
    q.state.data !== undefined && (PERSISTED_ROOTS as readonly string[]).includes(String(q.queryKey[0])),
};
