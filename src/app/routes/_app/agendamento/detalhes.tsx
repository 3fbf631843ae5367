import { createFileRoute } from '@tanstack/react-router';
import { AgendaDetailsPageLazy } from '../../../features/scheduling/pages';
import { requireRouteRole } from '../../../lib/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route has no parameter in the spec: the agenda comes in the query (?id=). */
export const Route = createFileRoute('/_app/agendamento/detalhes')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  validateSearch: (s: Record<string, unknown>): { id?: string } => ({ id: typeof s.id === 'string' && UUID.test(s.id) ? s.id : undefined }),
  component: function AgendaDetailsRoute() {
    const { id } = Route.useSearch();
    return <AgendaDetailsPageLazy id={id} />;
  },
});
