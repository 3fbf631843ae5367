import { createFileRoute } from '@tanstack/react-router';
import { ProductCategoriesPageLazy } from '../../../features/product-categories/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/categorias')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ProductCategoriesPageLazy />,
});
