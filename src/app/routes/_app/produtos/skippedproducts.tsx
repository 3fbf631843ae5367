import { createFileRoute } from '@tanstack/react-router';
import { SkippedProductsPageLazy } from '../../../features/products/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/skippedproducts')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <SkippedProductsPageLazy />,
});
