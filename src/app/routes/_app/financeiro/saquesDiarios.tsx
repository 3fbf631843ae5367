import { createFileRoute } from '@tanstack/react-router';
import { isIsoDay } from '../../../../shared/route-search';
import { DailyWithdrawalsPageLazy } from '../../../features/finance/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/financeiro/saquesDiarios')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // The chosen day lives in the URL, so a report can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): { data?: string } => (typeof s.data === 'string' && isIsoDay(s.data) ? { data: s.data } : {}),
  component: function DailyWithdrawalsRoute() {
    const { data } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DailyWithdrawalsPageLazy day={data} onDay={(d) => void navigate({ search: { data: d }, replace: true })} />;
  },
});
