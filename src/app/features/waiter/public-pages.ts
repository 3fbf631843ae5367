/** The public bill page, loaded on first use (no waiter screen is needed to open it). */
import { lazy } from 'react';

export const PublicBillPageLazy = lazy(() => import('./components/public-bill-page').then((m) => ({ default: m.PublicBillPage })));
