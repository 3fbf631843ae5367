import { createFileRoute } from '@tanstack/react-router';
import { ExtractUploadPageLazy } from '../../../../features/cashless/pages';
import { requireRouteRole } from '../../../../lib/guards';

export const Route = createFileRoute('/_app/admin/EDI/importEletronicExtracts')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: () => <ExtractUploadPageLazy />,
});
