import { createFileRoute, redirect } from '@tanstack/react-router';

/** The route table's short form of the success page: the same screen under /produtos/produto. */
export const Route = createFileRoute('/_app/produtos/cadastro/finalizacao/$productId')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/produtos/produto/cadastro/finalizacao/$productId', params, replace: true });
  },
});
