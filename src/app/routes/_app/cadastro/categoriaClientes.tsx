import { createFileRoute } from '@tanstack/react-router';
import { CustomerCategoriesPageLazy } from '../../../features/customer-categories/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/categoriaClientes')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CustomerCategoriesPageLazy />,
});
