import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import type { BoardSearch } from '../../../features/orders/model/board-search';
import { requireRouteRole } from '../../../lib/guards';
import { LazyPage } from '../../../components/lazy-page';

// Loaded by the route's own chunk, so the list of the board's files is not part of every page
// (the route table, and with it this file's first part, loads with the sign-in screen).
const OrderBoardPage = lazy(() => import('../../../features/orders/components/order-board-page').then((m) => ({ default: m.OrderBoardPage })));

// Only strings and the page pass here; the board parses and checks them (parseBoardSearch).
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : undefined);

/** The order board (role Painel). Filters live in the URL. */
export const Route = createFileRoute('/_app/meepFood/painel')({
  validateSearch: (s: Record<string, unknown>): BoardSearch => {
    const page = Number(s.pagina);
    return {
      q: text(s.q),
      de: text(s.de),
      ate: text(s.ate),
      mesa: text(s.mesa),
      loja: text(s.loja),
      etapas: text(s.etapas),
      estacao: text(s.estacao),
      pagina: Number.isInteger(page) && page > 1 ? page : undefined,
    };
  },
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function PainelRoute() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    return <LazyPage><OrderBoardPage urlSearch={search} onSearchChange={(next) => void navigate({ search: next })} /></LazyPage>;
  },
});
