import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPageLazy } from '../../../features/payment-methods/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/formasPagamento')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <PaymentMethodsPageLazy />,
});
