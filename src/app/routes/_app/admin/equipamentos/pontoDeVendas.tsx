import { createFileRoute } from '@tanstack/react-router';
import { SalesPointsPage } from '../../../../features/sales-points/components/sales-points-page';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/equipamentos/pontoDeVendas')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: SalesPointsPage,
});
