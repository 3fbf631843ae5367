/** The bank accounts screen, loaded on first use (see features/products/pages.tsx for why). */
import { lazy } from 'react';

export const BankAccountsPageLazy = lazy(() => import('./components/bank-accounts-page').then((m) => ({ default: m.BankAccountsPage })));
