import { createFileRoute } from '@tanstack/react-router';
import { monitorSearch } from '../../../../shared/route-search';
import { CredentialMonitorPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/monitorarCredenciamentos')({
  validateSearch: monitorSearch,
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <CredentialMonitorPageLazy />,
});
