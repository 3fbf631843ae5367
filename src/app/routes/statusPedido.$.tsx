import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { LazyPage } from '../components/lazy-page';

// Loaded by the route's own chunk (keeps its file list out of the sign-in screen's first load).
const TrackingPage = lazy(() => import('../features/orders/components/tracking-page').then((m) => ({ default: m.TrackingPage })));

/** Public order tracking: the order code is the last path segment. */
export const Route = createFileRoute('/statusPedido/$')({
  component: function TrackingRoute() {
    const { _splat } = Route.useParams();
    const parts = (_splat ?? '').split('/').filter(Boolean);
    const code = parts.length ? decodeURIComponent(parts[parts.length - 1]) : null;
    return <LazyPage><TrackingPage code={code} /></LazyPage>;
  },
});
