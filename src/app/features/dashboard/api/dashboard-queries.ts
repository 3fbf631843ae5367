/** Query keys and calls of the sales dashboard (spec 001 §7 "Dashboard"); keys start with 'dashboard'. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DASHBOARD_CALLS, DASHBOARD_RESPONSES, dashboardPath, type DashboardAnswer, type DashboardCall, type DashboardFilter } from '../../../../shared/contract/dashboard';
import { api } from '../../../lib/api-client';

export const dashboardQueries = {
  all: ['dashboard'] as const,
  call: <C extends DashboardCall>(call: C, localClienteId: string, filter: DashboardFilter) =>
    queryOptions({
      queryKey: ['dashboard', call, localClienteId, filter] as const,
      queryFn: ({ signal }) =>
        api(dashboardPath(call), {
          query: { localClienteId, ...filter },
          schema: DASHBOARD_RESPONSES[call],
          signal,
        }) as Promise<DashboardAnswer<C>>,
      staleTime: 60_000,
      // A filter change keeps the drawn chart (marked busy) until the new figures arrive: recharts
      // updates it in place instead of tearing it down for a skeleton and drawing it again.
      placeholderData: keepPreviousData,
    }),
};

/**
 * Starts all thirteen calls at once, before the page's and the charts' code has loaded (the calls
 * and the code then arrive in parallel); the components' own queries pick the answers up.
 */
export function prefetchDashboard(client: QueryClient, localClienteId: string, filter: DashboardFilter): void {
  for (const call of DASHBOARD_CALLS) void client.prefetchQuery(dashboardQueries.call(call, localClienteId, filter));
}
