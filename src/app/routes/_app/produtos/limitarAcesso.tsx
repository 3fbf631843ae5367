import { createFileRoute } from '@tanstack/react-router';
import { AccessLimitsPageLazy } from '../../../features/access-limits/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/limitarAcesso')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <AccessLimitsPageLazy />,
});
