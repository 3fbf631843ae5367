import { createFileRoute } from '@tanstack/react-router';
import { DashboardPageLazy } from '../../../features/donations/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/relatoriodedoacoes')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <DashboardPageLazy />,
});
