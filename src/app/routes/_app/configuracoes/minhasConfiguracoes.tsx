import { createFileRoute } from '@tanstack/react-router';
import { AccountPageLazy } from '../../../features/account/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/configuracoes/minhasConfiguracoes')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <AccountPageLazy />,
});
