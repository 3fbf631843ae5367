import { createFileRoute } from '@tanstack/react-router';
import { MarketplacePage } from '../../../features/marketplace/components/marketplace-page';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/meepFood/integracaoIfood')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: MarketplacePage,
});
