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
import { whenIdle } from './idle';

const MAX_AGE_MS = 7 * 24 * 3600_000;

/**
 * The cache is written as JSON, at most once a second, in the tablet's first idle moment after a change
 * (within WRITE_LATEST_MS, and at once when the page is hidden): turning a board of hundreds of orders
 * into JSON takes milliseconds that a new order's first paint or a tap must not wait for. A write
 * that fails (storage refused or full) is dropped: the next change writes the whole cache again.
 */
const WRITE_LATEST_MS = 2000;
let pending: { key: string; value: unknown } | null = null;
let scheduled = false;
function writePending(): Promise<void> {
  scheduled = false;
  const p = pending;
  pending = null;
  return p ? set(p.key, JSON.stringify(p.value)) : Promise.resolve();
}
function writeWhenIdle(key: string, value: unknown): Promise<void> {
  pending = { key, value };
  if (!scheduled) {
    scheduled = true;
    whenIdle(() => void writePending().catch(() => {}), WRITE_LATEST_MS, 50);
  }
  return Promise.resolve();
}
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && pending) void writePending().catch(() => {});
  });
}

const persister = createAsyncStoragePersister({
  storage: {
    getItem: (k) => get(k),
    setItem: (k, v) => writeWhenIdle(k, v),
    removeItem: (k) => {
      if (pending?.key === k) pending = null;
      return del(k);
    },
  },
  key: 'balcao.queryCache',
  throttleTime: 1000,
  // Handed over as is: writeWhenIdle turns it into JSON when the tablet is idle.
  serialize: (client) => client as unknown as string,
  deserialize: (stored) => (typeof stored === 'string' ? JSON.parse(stored) : stored),
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
