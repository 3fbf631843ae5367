import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { APP_NAME, otherPageLabel } from '../../shared/page-titles';
import { loadQueryClient, needsNoQueryClient } from '../lib/lazy-query-client';

/** Every page's title comes from the route table ("Painel de pedidos · Balcão"), new modules included. */
function Root() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    // Public pages are titled from a short list; the route table (and its chunk) loads for the rest.
    const own = otherPageLabel(pathname);
    if (own) {
      document.title = `${own} · ${APP_NAME}`;
      return;
    }
    let current = true;
    void import('../../shared/route-table').then(({ pageTitle }) => {
      if (current) document.title = pageTitle(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return <Outlet />;
}

export const Route = createRootRoute({
  // Every page but /login may query: its client (and query-core) loads before the page renders.
  beforeLoad: async ({ location }) => {
    if (!needsNoQueryClient(location.pathname)) await loadQueryClient();
  },
  component: Root,
});
