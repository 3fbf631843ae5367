/** The customer categories screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const CustomerCategoriesPageLazy = lazy(() => import('./components/customer-categories-page').then((m) => ({ default: m.CustomerCategoriesPage })));
