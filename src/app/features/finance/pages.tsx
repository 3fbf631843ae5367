/** The finance screens, each loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const PixPageLazy = lazy(() => import('./components/pix-page').then((m) => ({ default: m.PixPage })));
export const ProcessPageLazy = lazy(() => import('./components/process-page').then((m) => ({ default: m.ProcessPage })));
export const TotemPageLazy = lazy(() => import('./components/totem-page').then((m) => ({ default: m.TotemPage })));
export const DailyWithdrawalsPageLazy = lazy(() => import('./components/daily-withdrawals-page').then((m) => ({ default: m.DailyWithdrawalsPage })));
export const RemittancePageLazy = lazy(() => import('./components/remittance-page').then((m) => ({ default: m.RemittancePage })));
export const TransferPageLazy = lazy(() => import('./components/transfer-page').then((m) => ({ default: m.TransferPage })));
export const WithdrawalDatePageLazy = lazy(() => import('./components/withdrawal-date-page').then((m) => ({ default: m.WithdrawalDatePage })));
export const ErpDashboardPageLazy = lazy(() => import('./components/erp-page').then((m) => ({ default: m.ErpDashboardPage })));
