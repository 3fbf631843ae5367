import { createFileRoute } from '@tanstack/react-router';
import { BindingQueuePageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/FilaVinculacaoPayStore')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <BindingQueuePageLazy />,
});
