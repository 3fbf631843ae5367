import { createFileRoute } from '@tanstack/react-router';
import { RemittancePageLazy } from '../../../features/finance/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/financeiro/remessaAdiq')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <RemittancePageLazy />,
});
