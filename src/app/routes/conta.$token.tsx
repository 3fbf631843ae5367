import { createFileRoute } from '@tanstack/react-router';
import { PublicBillPageLazy } from '../features/waiter/public-pages';
import { LazyPage } from '../components/lazy-page';

/** The public bill page the waiter's QR opens (issue 41): no sign-in, no shell. */
export const Route = createFileRoute('/conta/$token')({
  component: function PublicBillRoute() {
    const { token } = Route.useParams();
    return <LazyPage><PublicBillPageLazy token={token} /></LazyPage>;
  },
});
