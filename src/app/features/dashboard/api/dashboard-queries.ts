/** Query keys and calls of the sales dashboard (spec 001 §7 "Dashboard"); keys start with 'dashboard'. */
import { queryOptions } from '@tanstack/react-query';
import { DASHBOARD_RESPONSES, dashboardPath, type DashboardAnswer, type DashboardCall, type DashboardFilter } from '../../../../shared/contract/dashboard';
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
    }),
};
