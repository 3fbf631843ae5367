import { createFileRoute } from '@tanstack/react-router';
import { TransferPageLazy } from '../../../features/finance/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/financeiro/transferenciaBs2')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <TransferPageLazy />,
});
