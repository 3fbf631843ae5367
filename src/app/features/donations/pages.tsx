/** The donations screens, each loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const EventsPageLazy = lazy(() => import('./components/events-page').then((m) => ({ default: m.EventsPage })));
export const EventFormPageLazy = lazy(() => import('./components/event-form-page').then((m) => ({ default: m.EventFormPage })));
export const QrCodePageLazy = lazy(() => import('./components/qr-code-page').then((m) => ({ default: m.QrCodePage })));
export const InstitutesPageLazy = lazy(() => import('./components/institutes-page').then((m) => ({ default: m.InstitutesPage })));
export const InstituteFormPageLazy = lazy(() => import('./components/institute-form-page').then((m) => ({ default: m.InstituteFormPage })));
export const LinksPageLazy = lazy(() => import('./components/links-page').then((m) => ({ default: m.LinksPage })));
export const DonorReportPageLazy = lazy(() => import('./components/donor-report-page').then((m) => ({ default: m.DonorReportPage })));
export const DashboardPageLazy = lazy(() => import('./components/dashboard-page').then((m) => ({ default: m.DashboardPage })));
export const PublicDonationPageLazy = lazy(() => import('./components/public-donation-page').then((m) => ({ default: m.PublicDonationPage })));
