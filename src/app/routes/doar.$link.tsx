import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PublicDonationPageLazy } from '../features/donations/pages';

/** The donor's page of an event (public, no shell, phone first). */
export const Route = createFileRoute('/doar/$link')({
  validateSearch: (s: Record<string, unknown>): { link?: string } => (typeof s.link === 'string' && s.link.length <= 64 ? { link: s.link } : {}),
  component: function DonationRoute() {
    const { link } = Route.useParams();
    const search = Route.useSearch();
    return (
      <Suspense fallback={null}>
        <PublicDonationPageLazy link={link} preselected={search.link} />
      </Suspense>
    );
  },
});
