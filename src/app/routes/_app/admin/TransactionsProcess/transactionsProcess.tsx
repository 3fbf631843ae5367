import { createFileRoute } from '@tanstack/react-router';
import { ProcessPageLazy } from '../../../../features/finance/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/TransactionsProcess/transactionsProcess')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ProcessPageLazy />,
});
