import { createFileRoute } from '@tanstack/react-router';
import { MerchantMccPageLazy } from '../../../features/accreditation/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/admin/dadosPagSeguroPage')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <MerchantMccPageLazy />,
});
