import { createFileRoute } from '@tanstack/react-router';
import { InstituteFormPageLazy } from '../../../../features/donations/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/instituicoes/cadastrar')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <InstituteFormPageLazy />,
});
