import { createFileRoute } from '@tanstack/react-router';
import { DonorReportPageLazy } from '../../../features/donations/pages';
import { requireRouteRole } from '../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/relatorio')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <DonorReportPageLazy />,
});
