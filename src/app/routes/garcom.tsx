import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import type { WaiterSearch } from '../features/waiter/components/waiter-page';
import { requireRouteRole, requireSession } from '../lib/guards';
import { loadQueryClient } from '../lib/lazy-query-client';
import { LazyPage } from '../components/lazy-page';

// Its own chunk: the sign-in screen and the back office never download the waiter's screens.
const WaiterPage = lazy(() => import('../features/waiter/components/waiter-page').then((m) => ({ default: m.WaiterPage })));

const id = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : undefined);

/**
 * The waiter's phone (role Garcom). Outside the portal shell on purpose: no sidebar, no header of
 * the back office, one hand. Signed in like every _app page, with the offline cache restored first.
 */
export const Route = createFileRoute('/garcom')({
  validateSearch: (s: Record<string, unknown>): WaiterSearch => ({
    mesa: id(s.mesa),
    tela: s.tela === 'pedido' || s.tela === 'revisao' || s.tela === 'conta' ? s.tela : undefined,
  }),
  beforeLoad: async ({ location }) => {
    const session = requireSession(location.href);
    const { startPersistedCache } = await import('../lib/persisted-cache');
    await startPersistedCache(await loadQueryClient());
    await requireRouteRole(session, location.pathname);
    return { session };
  },
  component: function GarcomRoute() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    return <LazyPage><WaiterPage search={search} onNavigate={(next) => void navigate({ search: next })} onSignedOut={() => void navigate({ to: '/login' })} /></LazyPage>;
  },
});
