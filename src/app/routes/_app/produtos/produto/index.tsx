import { createFileRoute } from '@tanstack/react-router';
import type { ProductListSearch } from '../../../../features/products/components/product-list';
import { ProductListPage } from '../../../../features/products/pages';
import { requireRouteRole } from '../../../../lib/guards';

const UUID = /^[0-9a-f-]{36}$/i;

export const Route = createFileRoute('/_app/produtos/produto/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // Filters live in the URL, so a list can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): ProductListSearch => {
    const pagina = Number(s.pagina);
    const tipo = Number(s.tipo);
    return {
      pagina: Number.isInteger(pagina) && pagina > 1 ? pagina : undefined,
      busca: typeof s.busca === 'string' && s.busca.trim() ? s.busca.slice(0, 200) : undefined,
      categoriaId: typeof s.categoriaId === 'string' && UUID.test(s.categoriaId) ? s.categoriaId : undefined,
      tipo: Number.isInteger(tipo) && tipo > 0 ? tipo : undefined,
    };
  },
  component: function ProductListRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ProductListPage search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
