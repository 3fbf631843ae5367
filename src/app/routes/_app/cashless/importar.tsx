import { createFileRoute } from '@tanstack/react-router';
import { UserImportPageLazy } from '../../../features/cashless/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/cashless/importar')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <UserImportPageLazy />,
});
