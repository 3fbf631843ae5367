/** Payment-link screens, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const PaymentLinksPageLazy = lazy(() => import('./components/payment-links-page').then((m) => ({ default: m.PaymentLinksPage })));
export const PaymentLinkFormLazy = lazy(() => import('./components/payment-link-form').then((m) => ({ default: m.PaymentLinkForm })));
export const PayPageLazy = lazy(() => import('./components/pay-page').then((m) => ({ default: m.PayPage })));
