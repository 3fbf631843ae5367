import { createFileRoute } from '@tanstack/react-router';
import { DashboardPageLazy } from '../../features/dashboard/pages';
import { parseDashboardSearch } from '../../features/dashboard/model/search';
import { requireRouteRole } from '../../lib/guards';

export const Route = createFileRoute('/_app/novoDashboard')({
  beforeLoad: async ({ context, location, search, preload }) => {
    await requireRouteRole(context.session, location.pathname);
    // The screen's request leaves now, while the page's code loads (a chunk of its own, not this file's).
    if (!preload) void import('../../features/dashboard/pages').then((m) => m.startDashboardEarly(search));
  },
  // Filters live in the URL, so a view can be shared and survives a reload.
  validateSearch: parseDashboardSearch,
  component: function DashboardRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DashboardPageLazy search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
