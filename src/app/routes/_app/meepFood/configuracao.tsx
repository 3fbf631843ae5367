import { createFileRoute } from '@tanstack/react-router';
import { FoodConfigPage } from '../../../features/food-config/components/food-config-page';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/meepFood/configuracao')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: FoodConfigPage,
});
