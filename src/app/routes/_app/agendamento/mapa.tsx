import { createFileRoute } from '@tanstack/react-router';
import type { ScheduleMapSearch } from '../../../features/scheduling/components/schedule-map-page';
import { ScheduleMapPageLazy } from '../../../features/scheduling/pages';
import { requireRouteRole } from '../../../lib/guards';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const Route = createFileRoute('/_app/agendamento/mapa')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  // Filters live in the URL, so a search can be shared and survives a reload.
  validateSearch: (s: Record<string, unknown>): ScheduleMapSearch => ({
    nome: typeof s.nome === 'string' && s.nome.trim() ? s.nome.slice(0, 120) : undefined,
    dataInicial: typeof s.dataInicial === 'string' && DATE.test(s.dataInicial) ? s.dataInicial : undefined,
    dataFinal: typeof s.dataFinal === 'string' && DATE.test(s.dataFinal) ? s.dataFinal : undefined,
  }),
  component: function ScheduleMapRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ScheduleMapPageLazy search={search} onSearch={(s) => void navigate({ search: s, replace: true })} />;
  },
});
