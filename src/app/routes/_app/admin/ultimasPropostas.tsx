import { createFileRoute } from '@tanstack/react-router';
import { LatestProposalsPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/ultimasPropostas')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <LatestProposalsPageLazy />,
});
