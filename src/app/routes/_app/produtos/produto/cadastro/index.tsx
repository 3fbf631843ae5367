import { createFileRoute } from '@tanstack/react-router';
import { ProductWizardPage } from '../../../../../features/products/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/produtos/produto/cadastro/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ProductWizardPage />,
});
