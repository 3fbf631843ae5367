import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardPage } from '../../features/home/dashboard-page';

export const Route = createFileRoute('/_app/')({
  // A waiter's phone opens its own screen when the installed app starts at "/".
  // The role tables load here, not with every route file (route files are part of /login's weight).
  beforeLoad: async ({ context }) => {
    const { isWaiterDevice, WAITER_PATH } = await import('../../../shared/permissions');
    if (isWaiterDevice(context.session.roles)) throw redirect({ to: WAITER_PATH, replace: true });
  },
  component: DashboardPage,
});
