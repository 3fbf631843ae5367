import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { LazyPage } from '../components/lazy-page';

// Loaded by the route's own chunk (keeps its file list out of the sign-in screen's first load).
const PrintPage = lazy(() => import('../features/orders/components/print-page').then((m) => ({ default: m.PrintPage })));

/** Printable order (public, no shell; uses the session's token when present). */
export const Route = createFileRoute('/print/$pedidoId')({
  component: function PrintRoute() {
    const { pedidoId } = Route.useParams();
    return <LazyPage><PrintPage pedidoId={pedidoId} /></LazyPage>;
  },
});
