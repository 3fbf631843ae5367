import { createFileRoute } from '@tanstack/react-router';
import { LinksPageLazy } from '../../../features/donations/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/links')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <LinksPageLazy />,
});
