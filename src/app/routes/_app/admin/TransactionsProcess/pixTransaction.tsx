import { createFileRoute } from '@tanstack/react-router';
import type { PixSearch } from '../../../../features/finance/components/pix-page';
import { PixPageLazy } from '../../../../features/finance/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/TransactionsProcess/pixTransaction')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // The id looked up lives in the URL: the recent orders link to it, and a found order can be shared.
  validateSearch: (s: Record<string, unknown>): PixSearch => ({
    id: typeof s.id === 'string' && s.id.trim() ? s.id.trim().slice(0, 80) : undefined,
  }),
  component: function PixRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PixPageLazy search={search} onSearch={(s) => void navigate({ search: s })} />;
  },
});
