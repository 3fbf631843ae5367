import { createFileRoute } from '@tanstack/react-router';
import { EventsPageLazy } from '../../../../features/donations/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/eventos/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <EventsPageLazy />,
});
