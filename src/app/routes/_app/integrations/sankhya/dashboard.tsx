import { createFileRoute } from '@tanstack/react-router';
import { ErpDashboardPageLazy } from '../../../../features/finance/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/integrations/sankhya/dashboard')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ErpDashboardPageLazy />,
});
