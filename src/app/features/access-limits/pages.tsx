/** The access-limits screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const AccessLimitsPageLazy = lazy(() => import('./components/access-limits-page').then((m) => ({ default: m.AccessLimitsPage })));
