import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { requireRouteRole } from '../../../lib/guards';

const AccessPage = lazy(() => import('../../../features/staff/components/access-page').then((m) => ({ default: m.AccessPage })));

export const Route = createFileRoute('/_app/configuracoes/acessos')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: AccessPage,
});
