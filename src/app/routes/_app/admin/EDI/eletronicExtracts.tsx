import { createFileRoute } from '@tanstack/react-router';
import { ExtractsPageLazy } from '../../../../features/cashless/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/EDI/eletronicExtracts')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ExtractsPageLazy />,
});
