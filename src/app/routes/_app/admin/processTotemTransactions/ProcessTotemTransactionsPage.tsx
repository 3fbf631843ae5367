import { createFileRoute } from '@tanstack/react-router';
import { TotemPageLazy } from '../../../../features/finance/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/processTotemTransactions/ProcessTotemTransactionsPage')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <TotemPageLazy />,
});
