import { createFileRoute } from '@tanstack/react-router';
import { PaymentLinksPageLazy } from '../../../../features/payment-links/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/mepaylink/')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <PaymentLinksPageLazy />,
});
