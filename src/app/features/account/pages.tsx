/** "Minha conta", loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const AccountPageLazy = lazy(() => import('./components/account-page').then((m) => ({ default: m.AccountPage })));
