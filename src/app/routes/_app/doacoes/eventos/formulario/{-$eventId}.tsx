import { createFileRoute } from '@tanstack/react-router';
import { EventFormPageLazy } from '../../../../../features/donations/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/eventos/formulario/{-$eventId}')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function EventFormRoute() {
    const { eventId } = Route.useParams();
    return <EventFormPageLazy key={eventId ?? "new"} eventId={eventId} />;
  },
});
