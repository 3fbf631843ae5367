import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { formatTime } from '../../shared/format';
import { ApiError } from '../lib/api-client';
import { listRouteKind, savedCopyOf } from '../lib/saved-lists';
import { useOnline } from '../lib/use-online';

/** A list with no copy on this device, offline (same wording as the saved-list notice). */
export const OFFLINE_NO_SAVED_LIST = 'Sem conexão e sem lista salva neste aparelho: a lista aparece quando a conexão voltar.';
/** A list whose data is never kept on the device (finance and admin tools), offline. */
export const OFFLINE_ONLINE_ONLY_LIST = 'Sem conexão: esta lista não é guardada neste aparelho e aparece quando a conexão voltar.';
const SAVED_LIST_HINT = 'Ela se atualiza quando a conexão voltar.';
/** Part of the page (a filter's result never opened here) has no copy on this device. */
export const SAVED_PART_MISSING = 'Parte desta página não foi salva neste aparelho: ela aparece quando a conexão voltar.';
const savedListTitle = (at: number) => `Sem conexão — lista salva às ${formatTime(at)}`;

// Pages that put the notice next to their own list: while one is mounted the shell's stays quiet.
let ownNotices = 0;
const ownListeners = new Set<() => void>();
const subscribeOwn = (cb: () => void) => {
  ownListeners.add(cb);
  return () => ownListeners.delete(cb);
};
function useOwnNotice(): void {
  useEffect(() => {
    ownNotices += 1;
    ownListeners.forEach((cb) => cb());
    return () => {
      ownNotices -= 1;
      ownListeners.forEach((cb) => cb());
    };
  }, []);
}

interface ListQuery {
  data: unknown;
  error: unknown;
  dataUpdatedAt: number;
}

/** Whether a list's last fetch could not reach the server (or the browser says it is offline). */
export function useListOffline(q: ListQuery): boolean {
  const online = useOnline();
  return !online || (q.error instanceof ApiError && q.error.isNetwork);
}

/**
 * "Sem conexão — lista salva às HH:MM" above a list shown from the copy saved on this device (the
 * persisted query cache), as the product list does.
 */
export function SavedListNotice({ query, testId = 'list-offline' }: { query: ListQuery; testId?: string }) {
  useOwnNotice();
  const offline = useListOffline(query);
  if (!offline || query.data === undefined || !query.dataUpdatedAt) return null;
  return (
    <Alert color="yellow" title={savedListTitle(query.dataUpdatedAt)} data-testid={testId}>
      {SAVED_LIST_HINT}
    </Alert>
  );
}

/**
 * What the page on screen shows from this device's copy: "savedAt|missing" (a string, so React
 * sees a stable snapshot), recomputed when the query cache changes.
 */
function usePageSavedCopy() {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((cb: () => void) => queryCache.subscribe(cb), [queryCache]);
  const snapshot = () => {
    const c = savedCopyOf(
      queryCache.getAll().map((q) => ({
        queryKey: q.queryKey,
        observers: q.getObserversCount(),
        hasData: q.state.data !== undefined,
        dataUpdatedAt: q.state.dataUpdatedAt,
        waiting: q.state.fetchStatus !== 'idle' || q.state.status === 'error',
      })),
    );
    return `${c.savedAt ?? ''}|${c.missing ? 1 : 0}`;
  };
  const [at, missing] = useSyncExternalStore(subscribe, snapshot, snapshot).split('|');
  return { savedAt: at ? Number(at) : null, missing: missing === '1' };
}

/**
 * The shell's notice above every list page (lib/saved-lists.ts) while the browser is offline: the
 * saved copy's time, or that the list needs a connection. A page with its own SavedListNotice
 * keeps its own (next to its filters); this one then only speaks when nothing was saved.
 */
export function PageSavedListNotice({ pathname }: { pathname: string }) {
  const online = useOnline();
  const kind = listRouteKind(pathname);
  if (online || !kind) return null;
  return <OfflinePageNotice kind={kind} />;
}

function OfflinePageNotice({ kind }: { kind: 'saved' | 'online-only' }) {
  const { savedAt, missing } = usePageSavedCopy();
  const ownNotice = useSyncExternalStore(subscribeOwn, () => ownNotices > 0, () => false);
  // A finance/admin list that is not in memory: it needs the connection (whatever else is saved).
  if (kind === 'online-only' && (missing || savedAt === null)) {
    return (
      <Alert color="yellow" data-testid="page-list-offline" mb="md">
        {OFFLINE_ONLINE_ONLY_LIST}
      </Alert>
    );
  }
  // What is on screen (saved, or still in memory for a list that is never saved) says since when.
  if (savedAt !== null) {
    if (ownNotice) return null;
    return (
      <Alert color="yellow" title={savedListTitle(savedAt)} data-testid="page-list-offline" mb="md">
        {missing ? SAVED_PART_MISSING : SAVED_LIST_HINT}
      </Alert>
    );
  }
  if (!missing) return null;
  return (
    <Alert color="yellow" data-testid="page-list-offline" mb="md">
      {OFFLINE_NO_SAVED_LIST}
    </Alert>
  );
}
