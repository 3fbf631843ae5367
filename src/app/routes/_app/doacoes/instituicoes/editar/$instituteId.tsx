import { createFileRoute } from '@tanstack/react-router';
import { InstituteFormPageLazy } from '../../../../../features/donations/pages';
import { requireRouteRole } from '../../../../../lib/guards';

export const Route = createFileRoute('/_app/doacoes/instituicoes/editar/$instituteId')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function InstituteEditRoute() {
    const { instituteId } = Route.useParams();
    return <InstituteFormPageLazy key={instituteId} instituteId={instituteId} />;
  },
});
