/**
 * Restores the persisted query cache from IndexedDB and keeps saving it. Runs before the first
 * signed-in page renders (the _app route's beforeLoad), so the sign-in screen does not load it and
 * no query of a signed-in page starts before the cache is back.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { CACHE_BUSTER, dehydrateOptions } from '../query-client';

const MAX_AGE_MS = 7 * 24 * 3600_000;

const persister = createAsyncStoragePersister({
  storage: { getItem: (k) => get(k), setItem: (k, v) => set(k, v), removeItem: (k) => del(k) },
  key: 'balcao.queryCache',
  throttleTime: 1000,
});

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

let started: Promise<void> | null = null;

export function startPersistedCache(queryClient: QueryClient): Promise<void> {
  started ??= (async () => {
    try {
      await persistQueryClientRestore({ queryClient, persister, buster: CACHE_BUSTER, maxAge: MAX_AGE_MS });
      // A restored copy is shown at once but is never taken as fresh: it may predate a change made
      // just before the reload (an edit within staleTime). Each query refetches when its page mounts
      // online; offline, the copy stays on screen with its "lista salva às" notice.
      await queryClient.invalidateQueries({ refetchType: 'none' });
    } catch {
      // No storage (private mode): the app works online without the offline cache.
    }
    persistQueryClientSubscribe({ queryClient, persister, buster: CACHE_BUSTER, dehydrateOptions });
  })();
  return started;
}
