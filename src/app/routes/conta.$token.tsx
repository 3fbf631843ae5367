import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PublicBillPageLazy } from '../features/waiter/public-pages';

/** The public bill page the waiter's QR opens (issue 41): no sign-in, no shell. */
export const Route = createFileRoute('/conta/$token')({
  component: function PublicBillRoute() {
    const { token } = Route.useParams();
    return (
      <Suspense fallback={null}>
        <PublicBillPageLazy token={token} />
      </Suspense>
    );
  },
});
