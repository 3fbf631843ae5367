import { createFileRoute } from '@tanstack/react-router';
import { ProductSuccessPage } from '../../../../../../features/products/pages';
import { requireRouteRole } from '../../../../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/produto/cadastro/finalizacao/$productId')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function ProductSuccessRoute() {
    const { productId } = Route.useParams();
    return <ProductSuccessPage key={productId} productId={productId} />;
  },
});
