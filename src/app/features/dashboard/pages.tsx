/**
 * The sales dashboard, loaded on first use: the charts library stays out of the other screens. The
 * wrapper (small, in the main bundle) starts the thirteen calls while the page's code downloads.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { prefetchDashboard, startDashboardRequest } from './api/dashboard-queries';
import { getSession } from '../../lib/session';
import { useCurrentPlace } from '../../lib/page-hooks';
import { filterOf, type DashboardSearch } from './model/search';

const DashboardPage = lazy(() => {
  // The charts' chunk downloads beside the page's, not after it.
  void import('./components/charts');
  return import('./components/dashboard-page').then((m) => ({ default: m.DashboardPage }));
});

/**
 * Called by the route when it is entered (not on a hover's preload): sends the screen's one request
 * before the page's code has even loaded.
 */
export function startDashboardEarly(search: DashboardSearch): void {
  const localId = getSession()?.currentLocation?.localId;
  if (!localId) return;
  const filter = filterOf(search);
  startDashboardRequest(localId, filter);
}

export function DashboardPageLazy(props: { search: DashboardSearch; onSearch: (next: DashboardSearch) => void }) {
  const client = useQueryClient();
  const place = useCurrentPlace();
  const localId = place?.localId;
  const key = JSON.stringify(props.search);
  useEffect(() => {
    if (localId) prefetchDashboard(client, localId, filterOf(JSON.parse(key) as DashboardSearch));
  }, [client, localId, key]);
  return <DashboardPage {...props} />;
}
