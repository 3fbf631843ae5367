import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/home/dashboard-page';

export const Route = createFileRoute('/_app/dashboard')({ component: DashboardPage });
