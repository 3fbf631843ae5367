import { createFileRoute } from '@tanstack/react-router';
import { CalendarPageLazy } from '../../../features/scheduling/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/agendamento/calendario')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CalendarPageLazy />,
});
