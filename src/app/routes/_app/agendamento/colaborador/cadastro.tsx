import { createFileRoute } from '@tanstack/react-router';
import { CollaboratorSchedulePageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/agendamento/colaborador/cadastro')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CollaboratorSchedulePageLazy />,
});
