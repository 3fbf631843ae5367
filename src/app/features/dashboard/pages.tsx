/** The sales dashboard, loaded on first use: the charts library stays out of the other screens. */
import { lazy } from 'react';

export const DashboardPageLazy = lazy(() => import('./components/dashboard-page').then((m) => ({ default: m.DashboardPage })));
