import { createFileRoute } from '@tanstack/react-router';
import { PixPageLazy } from '../../../../features/finance/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/TransactionsProcess/pixTransaction')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <PixPageLazy />,
});
