import { createFileRoute } from '@tanstack/react-router';
import { ServiceFormPageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?scheduleId= preselects the agenda ("Criar novo serviço" from the list or the details). */
export const Route = createFileRoute('/_app/agendamento/servico/cadastro')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  validateSearch: (s: Record<string, unknown>): { scheduleId?: string } => ({
    scheduleId: typeof s.scheduleId === 'string' && UUID.test(s.scheduleId) ? s.scheduleId : undefined,
  }),
  component: function ServiceRoute() {
    const { scheduleId } = Route.useSearch();
    return <ServiceFormPageLazy scheduleId={scheduleId} />;
  },
});
