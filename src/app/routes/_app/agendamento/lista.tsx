import { createFileRoute } from '@tanstack/react-router';
import { AgendaListPageLazy } from '../../../features/scheduling/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/agendamento/lista')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <AgendaListPageLazy />,
});
