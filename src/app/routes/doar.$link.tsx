import { createFileRoute } from '@tanstack/react-router';
import { PublicDonationPageLazy } from '../features/donations/pages';
import { LazyPage } from '../components/lazy-page';

/** The donor's page of an event (public, no shell, phone first). */
export const Route = createFileRoute('/doar/$link')({
  validateSearch: (s: Record<string, unknown>): { link?: string } => (typeof s.link === 'string' && s.link.length <= 64 ? { link: s.link } : {}),
  component: function DonationRoute() {
    const { link } = Route.useParams();
    const search = Route.useSearch();
    return <LazyPage><PublicDonationPageLazy link={link} preselected={search.link} /></LazyPage>;
  },
});
