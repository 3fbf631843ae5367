import { createFileRoute } from '@tanstack/react-router';
import { ServiceFormPageLazy } from '../../../../features/scheduling/pages';
import { requireRouteRole } from '../../../../lib/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?scheduleId= preselects the agenda ("Criar novo serviço" from the list or the details); with ?serviceId= the form edits that service. */
export const Route = createFileRoute('/_app/agendamento/servico/cadastro')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  validateSearch: (s: Record<string, unknown>): { scheduleId?: string; serviceId?: string } => ({
    scheduleId: typeof s.scheduleId === 'string' && UUID.test(s.scheduleId) ? s.scheduleId : undefined,
    serviceId: typeof s.serviceId === 'string' && UUID.test(s.serviceId) ? s.serviceId : undefined,
  }),
  component: function ServiceRoute() {
    const { scheduleId, serviceId } = Route.useSearch();
    return <ServiceFormPageLazy key={serviceId ?? 'new'} scheduleId={scheduleId} serviceId={serviceId} />;
  },
});
