import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalDatePageLazy } from '../../../features/finance/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/financeiro/atualizarDataSaque')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <WithdrawalDatePageLazy />,
});
