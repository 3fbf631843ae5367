import { createFileRoute } from '@tanstack/react-router';
import { matchPortalRoute } from '../../../shared/route-table';
import { LegacyFrame } from '../../components/legacy-frame';
import { NotFound } from '../../components/not-found';
import { UnderConstruction } from '../../components/under-construction';
import { requireRouteRole } from '../../lib/guards';

/**
 * Every route of the portal's route table that has no screen file of its own: the table decides
 * the role (checked here), and whether the page is a legacy frame or a module still to be built.
 * Paths outside the table are the 404 page. Built modules get their own route files, which win.
 */
export const Route = createFileRoute('/_app/$')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: function PortalPage() {
    const { _splat } = Route.useParams();
    const path = `/${_splat ?? ''}`;
    const match = matchPortalRoute(path);
    if (!match) return <NotFound />;
    return match.route.kind === 'legacy' ? <LegacyFrame route={match.route} path={path} /> : <UnderConstruction route={match.route} />;
  },
});
