/** The scheduling screens, loaded on first use (the calendar brings FullCalendar only to its own page). */
import { lazy } from 'react';

export const AgendaListPageLazy = lazy(() => import('./components/agenda-list-page').then((m) => ({ default: m.AgendaListPage })));
export const AgendaFormPageLazy = lazy(() => import('./components/agenda-form-page').then((m) => ({ default: m.AgendaFormPage })));
export const AgendaDetailsPageLazy = lazy(() => import('./components/agenda-details-page').then((m) => ({ default: m.AgendaDetailsPage })));
export const ServiceFormPageLazy = lazy(() => import('./components/service-form-page').then((m) => ({ default: m.ServiceFormPage })));
export const CategoryListPageLazy = lazy(() => import('./components/category-list-page').then((m) => ({ default: m.CategoryListPage })));
export const CalendarPageLazy = lazy(() => import('./components/calendar-page').then((m) => ({ default: m.CalendarPage })));
export const CollaboratorSchedulePageLazy = lazy(() => import('./components/collaborator-schedule-page').then((m) => ({ default: m.CollaboratorSchedulePage })));
export const ScheduleMapPageLazy = lazy(() => import('./components/schedule-map-page').then((m) => ({ default: m.ScheduleMapPage })));
