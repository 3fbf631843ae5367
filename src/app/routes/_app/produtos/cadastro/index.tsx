import { createFileRoute, redirect } from '@tanstack/react-router';

/** The route table's short form of the wizard: the same screen under /produtos/produto. */
export const Route = createFileRoute('/_app/produtos/cadastro/')({
  beforeLoad: () => {
    throw redirect({ to: '/produtos/produto/cadastro', replace: true });
  },
});
