import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PayPageLazy } from '../features/payment-links/pages';

/** The public pay page of a payment link (spec: {host}/paymentlink/{id}); no sign-in, no shell. */
export const Route = createFileRoute('/paymentlink/$id')({
  component: function PayRoute() {
    const { id } = Route.useParams();
    return (
      <Suspense fallback={null}>
        <PayPageLazy id={id} />
      </Suspense>
    );
  },
});
