import { createFileRoute } from '@tanstack/react-router';
import { DashboardPageLazy } from '../../features/dashboard/pages';
import { parseDashboardSearch } from '../../features/dashboard/model/search';
import { requireRouteRole } from '../../lib/guards';

export const Route = createFileRoute('/_app/novoDashboard')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // Filters live in the URL, so a view can be shared and survives a reload.
  validateSearch: parseDashboardSearch,
  component: function DashboardRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DashboardPageLazy search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
