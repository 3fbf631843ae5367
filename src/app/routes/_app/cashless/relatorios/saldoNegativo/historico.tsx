import { createFileRoute } from '@tanstack/react-router';
import { RechargeHistoryPageLazy } from '../../../../../features/cashless/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/cashless/relatorios/saldoNegativo/historico')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  validateSearch: (s: Record<string, unknown>): { pagina?: number } => {
    const pagina = Number(s.pagina);
    return { pagina: Number.isInteger(pagina) && pagina > 1 ? pagina : undefined };
  },
  component: function RechargeHistoryRoute() {
    const { pagina } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <RechargeHistoryPageLazy page={pagina ?? 1} onPage={(p) => void navigate({ search: { pagina: p > 1 ? p : undefined }, replace: true })} />;
  },
});
