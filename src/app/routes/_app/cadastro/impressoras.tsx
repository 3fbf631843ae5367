import { createFileRoute } from '@tanstack/react-router';
import { PrintersPageLazy } from '../../../features/printers/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/impressoras')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <PrintersPageLazy />,
});
