import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { requireRouteRole } from '../../../lib/guards';

const StaffPage = lazy(() => import('../../../features/staff/components/staff-page').then((m) => ({ default: m.StaffPage })));

export const Route = createFileRoute('/_app/cadastro/operador')({
  beforeLoad: ({ context, location }) => requireRouteRole(context.session, location.pathname),
  component: StaffPage,
});
