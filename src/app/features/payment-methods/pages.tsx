/** The payment methods screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const PaymentMethodsPageLazy = lazy(() => import('./components/payment-methods-page').then((m) => ({ default: m.PaymentMethodsPage })));
