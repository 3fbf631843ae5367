import { createFileRoute } from '@tanstack/react-router';
import { BankAccountsPageLazy } from '../../../features/bank-accounts/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/configuracoes/contasBancarias')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <BankAccountsPageLazy />,
});
