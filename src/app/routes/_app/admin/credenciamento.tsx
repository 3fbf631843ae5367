import { createFileRoute } from '@tanstack/react-router';
import { AccreditationPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/credenciamento')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <AccreditationPageLazy />,
});
