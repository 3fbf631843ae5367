/**
 * The products screens, each loaded on first use. Route files import these rather than the screens:
 * the route tree is part of every page (the sign-in screen too), and a route whose component
 * imports a screen directly makes the tree carry the list of that screen's every chunk to preload.
 */
import { lazy } from 'react';

export const ProductListPage = lazy(() => import('./components/product-list').then((m) => ({ default: m.ProductList })));
export const ProductWizardPage = lazy(() => import('./components/product-wizard').then((m) => ({ default: m.ProductWizard })));
export const ProductSuccessPage = lazy(() => import('./components/product-success').then((m) => ({ default: m.ProductSuccess })));
export const ProductEditPage = lazy(() => import('./components/product-edit').then((m) => ({ default: m.ProductEdit })));
export const SkippedProductsPageLazy = lazy(() => import('./components/skipped-products-page').then((m) => ({ default: m.SkippedProductsPage })));
