import { createFileRoute } from '@tanstack/react-router';
import type { NegativeBalanceSearch } from '../../../../../features/cashless/components/negative-balance-page';
import { NegativeBalancePageLazy } from '../../../../../features/cashless/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/cashless/relatorios/saldoNegativo/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // The CPF filter and the page live in the URL, so a report can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): NegativeBalanceSearch => {
    const pagina = Number(s.pagina);
    const documento = typeof s.documento === 'string' || typeof s.documento === 'number' ? String(s.documento).replace(/\D/g, '').slice(0, 14) : '';
    return { documento: documento || undefined, pagina: Number.isInteger(pagina) && pagina > 1 ? pagina : undefined };
  },
  component: function NegativeBalanceRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <NegativeBalancePageLazy search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
