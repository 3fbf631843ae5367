import { createFileRoute, redirect } from '@tanstack/react-router';

/** The route table's short form of the product form: the same screen under /produtos/produto. */
export const Route = createFileRoute('/_app/produtos/editar/{-$productId}')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/produtos/produto/editar/{-$productId}', params: { productId: params.productId }, replace: true });
  },
});
