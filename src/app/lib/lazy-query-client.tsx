/**
 * The TanStack Query client loads with the first page that needs it, not with /login: the sign-in
 * screen makes no queries, and query-core is ~9 KB gzip of its 140 KB budget (issue 11). The root
 * route's beforeLoad awaits `loadQueryClient()` for every other path, so a page's queries never
 * start without a client. The provider keeps one shape (the context with or without a client), so
 * the page under it is not remounted when the client arrives.
 */
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads and creates the app's query client once; later calls answer the same client. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('../query-client').then(({ createQueryClient }) => {
    client = createQueryClient();
    for (const l of listeners) l();
    return client;
  });
  return loading;
}

/** The client when it has loaded (sign-out clears it), otherwise undefined. */
export const loadedQueryClient = (): QueryClient | undefined => client;

/** Paths whose first paint needs no query client (the sign-in screen's budget). */
export const needsNoQueryClient = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') === '/login';

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const qc = useSyncExternalStore(subscribe, loadedQueryClient, loadedQueryClient);
  useEffect(() => {
    if (!qc) return;
    qc.mount();
    return () => qc.unmount();
  }, [qc]);
  return <QueryClientContext.Provider value={qc}>{children}</QueryClientContext.Provider>;
}
