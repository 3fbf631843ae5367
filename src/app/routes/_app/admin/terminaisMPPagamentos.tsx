import { createFileRoute } from '@tanstack/react-router';
import { TerminalsPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/terminaisMPPagamentos')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <TerminalsPageLazy />,
});
