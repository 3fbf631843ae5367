import { createFileRoute } from '@tanstack/react-router';
import { CategoryListPageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

/** Category registration: the category list with the "Cadastro de Categorias" modal open. */
export const Route = createFileRoute('/_app/agendamento/categoria/cadastro')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CategoryListPageLazy creating />,
});
