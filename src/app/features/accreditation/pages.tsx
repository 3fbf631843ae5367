/** The accreditation screens, each loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const AccreditationPageLazy = lazy(() => import('./components/accreditation-page').then((m) => ({ default: m.AccreditationPage })));
export const LatestProposalsPageLazy = lazy(() => import('./components/latest-proposals-page').then((m) => ({ default: m.LatestProposalsPage })));
export const CredentialMonitorPageLazy = lazy(() => import('./components/credential-monitor-page').then((m) => ({ default: m.CredentialMonitorPage })));
export const TerminalsPageLazy = lazy(() => import('./components/terminals-page').then((m) => ({ default: m.TerminalsPage })));
export const AccreditationStatusPageLazy = lazy(() => import('./components/status-page').then((m) => ({ default: m.AccreditationStatusPage })));
export const MerchantMccPageLazy = lazy(() => import('./components/merchant-mcc-page').then((m) => ({ default: m.MerchantMccPage })));
export const BindingQueuePageLazy = lazy(() => import('./components/binding-queue-page').then((m) => ({ default: m.BindingQueuePage })));
export const MaintenancePageLazy = lazy(() => import('./components/maintenance-page').then((m) => ({ default: m.MaintenancePage })));
