/** The stores screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const StoresPageLazy = lazy(() => import('./components/stores-page').then((m) => ({ default: m.StoresPage })));
