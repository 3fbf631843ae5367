import { createFileRoute } from '@tanstack/react-router';
import { ProductEditPage } from '../../../../../features/products/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/produto/editar/{-$productId}')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function ProductEditRoute() {
    const { productId } = Route.useParams();
    return <ProductEditPage key={productId ?? 'novo'} productId={productId} />;
  },
});
