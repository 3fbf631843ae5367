import { createFileRoute } from '@tanstack/react-router';
import type { CustomerSearch } from '../../../features/customers/api/customer-queries';
import { CustomersPageLazy } from '../../../features/customers/pages';
import { requireRouteRole } from '../../../lib/guards';

const UUID = /^[0-9a-f-]{36}$/i;
const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const flag = (v: unknown) => (v === true || v === 'true' ? true : undefined);

export const Route = createFileRoute('/_app/cadastro/clientes')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // Filters live in the URL, so a list can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): CustomerSearch => {
    const page = Number(s.page);
    return {
      page: Number.isInteger(page) && page > 1 ? page : undefined,
      nome: str(s.nome, 200),
      CPF: str(typeof s.CPF === 'number' ? String(s.CPF) : s.CPF, 14)?.replace(/\D/g, '') || undefined,
      identificador: str(s.identificador, 100),
      categoriaId: typeof s.categoriaId === 'string' && UUID.test(s.categoriaId) ? s.categoriaId : undefined,
      nomeNaLista: str(s.nomeNaLista, 200),
      somenteBloqueados: flag(s.somenteBloqueados),
      somenteAlertados: flag(s.somenteAlertados),
    };
  },
  component: function CustomersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <CustomersPageLazy search={search} onSearch={(s) => void navigate({ search: s })} />;
  },
});
