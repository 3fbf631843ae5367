/** The manager's tables-and-bills screen, loaded on first use. */
import { lazy } from 'react';

export const BillManagerPageLazy = lazy(() => import('./components/bill-manager-page').then((m) => ({ default: m.BillManagerPage })));
