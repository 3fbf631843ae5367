import { createFileRoute } from '@tanstack/react-router';
import { MaintenancePageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/manutencaoSemanal')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <MaintenancePageLazy />,
});
