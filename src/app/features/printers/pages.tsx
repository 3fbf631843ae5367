/** The printers screen, loaded on first use. */
import { lazy } from 'react';

export const PrintersPageLazy = lazy(() => import('./components/printers-page').then((m) => ({ default: m.PrintersPage })));
