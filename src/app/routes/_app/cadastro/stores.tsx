import { createFileRoute } from '@tanstack/react-router';
import { StoresPageLazy } from '../../../features/stores/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/stores')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <StoresPageLazy />,
});
