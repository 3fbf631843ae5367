import { createFileRoute } from '@tanstack/react-router';
import { CategoryListPageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/agendamento/categoria/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CategoryListPageLazy />,
});
