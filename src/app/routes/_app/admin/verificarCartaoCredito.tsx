import { createFileRoute } from '@tanstack/react-router';
import { CardVerificationPageLazy } from '../../../features/cashless/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/verificarCartaoCredito')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CardVerificationPageLazy />,
});
