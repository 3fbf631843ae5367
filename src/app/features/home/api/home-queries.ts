/** Today's figures on the manager's home: the sales dashboard's cards for today and the board's waiting orders. */
import { queryOptions } from '@tanstack/react-query';
import { card, dashboardPath } from '../../../../shared/contract/dashboard';
import { kdsListResponse } from '../../../../shared/contract/orders';
import { todaySaoPaulo } from '../../../../shared/customers';
import { KDS_ACTIVE_MODE, KDS_PATHS, ORDER_STATE } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';

/** Today in São Paulo as the dashboard's period (dd/MM/yyyy, both ends). */
export function todayPeriod(now = new Date()): { InitialPeriod: string; FinalPeriod: string } {
  const [y, m, d] = todaySaoPaulo(now).split('-');
  const day = `${d}/${m}/${y}`;
  return { InitialPeriod: day, FinalPeriod: day };
}

export const homeQueries = {
  all: ['home'] as const,
  /** Orders and revenue of today (api/salesdashboard/TotalOrders and Revenues, spec 001 §7). */
  today: (localClienteId: string, period: { InitialPeriod: string; FinalPeriod: string }) =>
    queryOptions({
      queryKey: ['home', 'today', localClienteId, period] as const,
      queryFn: async ({ signal }) => {
        const query = { localClienteId, ...period };
        const [orders, revenue] = await Promise.all([
          api(dashboardPath('TotalOrders'), { query, schema: card, signal }),
          api(dashboardPath('Revenues'), { query, schema: card, signal }),
        ]);
        return { orders: orders.Value, revenue: revenue.Value };
      },
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
  /** Orders on the board waiting to be accepted (api/kds, active mode: the true count per state). */
  waiting: (localClienteId: string) =>
    queryOptions({
      queryKey: ['home', 'waiting', localClienteId] as const,
      queryFn: async ({ signal }) => {
        const r = await api(KDS_PATHS.list, { query: { localClienteId, modo: KDS_ACTIVE_MODE }, schema: kdsListResponse, signal });
        const per = r.porEtapa ?? [];
        const pending = per.find((e) => e.EstadoId === ORDER_STATE.Pendente)?.Total ?? 0;
        return { pending, active: per.reduce((s, e) => s + e.Total, 0) };
      },
      staleTime: 30_000,
      refetchInterval: 30_000,
    }),
};
