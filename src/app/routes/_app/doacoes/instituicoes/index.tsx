import { createFileRoute } from '@tanstack/react-router';
import { InstitutesPageLazy } from '../../../../features/donations/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/instituicoes/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <InstitutesPageLazy />,
});
