import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireRouteRole } from '../../../lib/guards';

/** /agendamento opens the agenda list. */
export const Route = createFileRoute('/_app/agendamento/')({
  beforeLoad: async ({ context, location }) => {
    await requireRouteRole(context.session, location.pathname);
    throw redirect({ to: '/agendamento/lista', replace: true });
  },
});
