import { createFileRoute } from '@tanstack/react-router';
import type { BillManagerSearch } from '../../../features/table-bill/components/bill-manager-page';
import { BillManagerPageLazy } from '../../../features/table-bill/pages';
import { requireRouteRole } from '../../../lib/guards';

const DAY_RE = /^\d{2}\/\d{2}\/\d{4}$/;

export const Route = createFileRoute('/_app/meepFood/mesas')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // The tab and the day live in the URL, so a view can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): BillManagerSearch => ({
    aba: s.aba === 'fechadas' ? 'fechadas' : undefined,
    data: typeof s.data === 'string' && DAY_RE.test(s.data) ? s.data : undefined,
  }),
  component: function MesasRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <BillManagerPageLazy search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
