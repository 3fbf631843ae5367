import { createFileRoute } from '@tanstack/react-router';
import { AccreditationStatusPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/statusCredenciamento')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <AccreditationStatusPageLazy />,
});
