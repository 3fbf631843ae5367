import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { requireRouteRole } from '../../../lib/guards';

const CreatePlacePage = lazy(() => import('../../../features/venues/components/create-place-page').then((m) => ({ default: m.CreatePlacePage })));

export const Route = createFileRoute('/_app/cadastro/estabelecimento')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: CreatePlacePage,
});
