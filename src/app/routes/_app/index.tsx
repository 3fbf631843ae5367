import { createFileRoute, redirect } from '@tanstack/react-router';
import { isWaiterDevice, WAITER_PATH } from '../../../shared/permissions';
import { DashboardPage } from '../../features/home/dashboard-page';

export const Route = createFileRoute('/_app/')({
  // A waiter's phone opens its own screen when the installed app starts at "/".
  beforeLoad: ({ context }) => {
    if (isWaiterDevice(context.session.roles)) throw redirect({ to: WAITER_PATH, replace: true });
  },
  component: DashboardPage,
});
