import { createFileRoute } from '@tanstack/react-router';
import { AgendaFormPageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/agendamento/editar/$idSchedule')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function EditAgendaRoute() {
    const { idSchedule } = Route.useParams();
    return <AgendaFormPageLazy id={idSchedule} />;
  },
});
