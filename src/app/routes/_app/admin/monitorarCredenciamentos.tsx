import { createFileRoute } from '@tanstack/react-router';
import { CredentialMonitorPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/monitorarCredenciamentos')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CredentialMonitorPageLazy />,
});
