/** The customer registry screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const CustomersPageLazy = lazy(() => import('./components/customers-page').then((m) => ({ default: m.CustomersPage })));
