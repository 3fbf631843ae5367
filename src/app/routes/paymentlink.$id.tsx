import { createFileRoute } from '@tanstack/react-router';
import { PayPageLazy } from '../features/payment-links/pages';
import { LazyPage } from '../components/lazy-page';

/** The public pay page of a payment link (spec: {host}/paymentlink/{id}); no sign-in, no shell. */
export const Route = createFileRoute('/paymentlink/$id')({
  component: function PayRoute() {
    const { id } = Route.useParams();
    return <LazyPage><PayPageLazy id={id} /></LazyPage>;
  },
});
