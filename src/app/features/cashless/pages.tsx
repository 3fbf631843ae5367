/** The cashless screens, each loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const NegativeBalancePageLazy = lazy(() => import('./components/negative-balance-page').then((m) => ({ default: m.NegativeBalancePage })));
export const RechargeHistoryPageLazy = lazy(() => import('./components/recharge-history-page').then((m) => ({ default: m.RechargeHistoryPage })));
export const UserImportPageLazy = lazy(() => import('./components/user-import-page').then((m) => ({ default: m.UserImportPage })));
export const CardVerificationPageLazy = lazy(() => import('./components/card-verification-page').then((m) => ({ default: m.CardVerificationPage })));
export const ExtractsPageLazy = lazy(() => import('./components/extracts-page').then((m) => ({ default: m.ExtractsPage })));
export const ExtractUploadPageLazy = lazy(() => import('./components/extract-upload-page').then((m) => ({ default: m.ExtractUploadPage })));
