/** The product categories screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const ProductCategoriesPageLazy = lazy(() => import('./components/product-categories-page').then((m) => ({ default: m.ProductCategoriesPage })));
