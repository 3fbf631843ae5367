import { createFileRoute } from '@tanstack/react-router';
import { PaymentLinkFormLazy } from '../../../../../features/payment-links/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/cadastro/mepaylink/formulario/{-$mePayLinkId}')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function PaymentLinkFormRoute() {
    const { mePayLinkId } = Route.useParams();
    // A new key per link: the form starts over when going from one link to another.
    return <PaymentLinkFormLazy key={mePayLinkId ?? 'new'} id={mePayLinkId} />;
  },
});
