/** Query keys and calls of the sales dashboard (spec 001 §7 "Dashboard"); keys start with 'dashboard'. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { API_EXTENSIONS } from '../../../../shared/api-extensions';
import {
  DASHBOARD_ALL_PATH,
  DASHBOARD_BILLS_PATH,
  dashboardBills,
  DASHBOARD_CALLS,
  DASHBOARD_RESPONSES,
  dashboardAllResponse,
  dashboardPath,
  type DashboardAll,
  type DashboardAnswer,
  type DashboardCall,
  type DashboardFilter,
} from '../../../../shared/contract/dashboard';
import { api, ApiError } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { hasApiExtension } from '../../../lib/runtime-config';

/**
 * R06–R18 (issue 40): the combined call is ours. It is used only when the server lists it in its
 * runtime configuration (`apiExtensions`, src/shared/api-extensions.ts); a backend with only the
 * spec's calls gets the thirteen `GET api/salesdashboard/{call}` instead. A server that lists it but
 * answers 404, 405 or 501 (an older or other backend behind the same configuration) is not asked
 * again in this page's life: each figure then comes from its own call.
 */
let combinedRefused = false;
const combinedOffered = () => !combinedRefused && hasApiExtension(API_EXTENSIONS.dashboardAll);
const notOffered = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 405 || err.status === 501);

/** One of the spec's thirteen calls, with the filter as parameters plus localClienteId (spec 001 §7). */
const fetchOne = <C extends DashboardCall>(call: C, localClienteId: string, filter: DashboardFilter) =>
  api(dashboardPath(call), { query: { localClienteId, ...filter }, schema: DASHBOARD_RESPONSES[call] }) as Promise<DashboardAnswer<C>>;

/**
 * With the combined call, the screen's thirteen figures come in one request (api/salesdashboard/All: one sign-in check and
 * one freshness check on the server, one connection in the browser instead of thirteen queued six
 * at a time). Every query of the same venue and filter that starts while it is on its way shares it.
 */
const inFlight = new Map<string, Promise<DashboardAll>>();
/** Requests the route started before the page mounted, taken by the first query that wants them. */
const early = new Map<string, { at: number; answer: Promise<DashboardAll> }>();
/** An early answer nobody took within this time is not used (it could be older than the user expects). */
const EARLY_MS = 10_000;

const keyOf = (localClienteId: string, filter: DashboardFilter) => JSON.stringify([localClienteId, filter]);
const request = (localClienteId: string, filter: DashboardFilter) =>
  // No caller's abort signal: every query of the screen waits for this answer.
  api(DASHBOARD_ALL_PATH, { query: { localClienteId, ...filter }, schema: dashboardAllResponse });

function fetchAll(localClienteId: string, filter: DashboardFilter): Promise<DashboardAll> {
  const key = keyOf(localClienteId, filter);
  let p = inFlight.get(key);
  if (!p) {
    const started = early.get(key);
    early.delete(key);
    p = (started && Date.now() - started.at < EARLY_MS ? started.answer : request(localClienteId, filter)).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
  }
  return p;
}

/**
 * Sends the screen's request as soon as the route is entered (routes/_app/novoDashboard.tsx), while
 * the page's code still loads and runs; the queries pick it up when they start.
 */
export function startDashboardRequest(localClienteId: string, filter: DashboardFilter): void {
  if (!combinedOffered()) return;
  const key = keyOf(localClienteId, filter);
  if (inFlight.has(key) || early.has(key)) return;
  const answer = request(localClienteId, filter);
  answer.catch(() => {}); // a failure is reported by the queries that take it
  early.set(key, { at: Date.now(), answer });
}

export const dashboardQueries = {
  all: ['dashboard'] as const,
  call: <C extends DashboardCall>(call: C, localClienteId: string, filter: DashboardFilter) =>
    queryOptions({
      queryKey: ['dashboard', call, localClienteId, filter] as const,
      queryFn: async () => {
        if (combinedOffered()) {
          try {
            return (await fetchAll(localClienteId, filter))[call] as DashboardAnswer<C>;
          } catch (err) {
            if (!notOffered(err)) throw err;
            combinedRefused = true;
          }
        }
        return fetchOne(call, localClienteId, filter);
      },
      staleTime: 60_000,
      // A filter change keeps the drawn chart (marked busy) until the new figures arrive: recharts
      // updates it in place instead of tearing it down for a skeleton and drawing it again.
      placeholderData: keepPreviousData,
    }),
  /** The tables' bills by payment method, with the service charge (issue 41; ours, not the spec's). */
  tableBills: (localClienteId: string, filter: DashboardFilter) =>
    ({ ...getQuery(['dashboard', 'TableBills', localClienteId, filter], DASHBOARD_BILLS_PATH, dashboardBills, { query: { localClienteId, ...filter } }), staleTime: 60_000, placeholderData: keepPreviousData }),
};

/**
 * Starts all thirteen queries at once (one request), before the page's and the charts' code has
 * loaded (the answer and the code then arrive in parallel); the components' queries pick them up.
 */
export function prefetchDashboard(client: QueryClient, localClienteId: string, filter: DashboardFilter): void {
  for (const call of DASHBOARD_CALLS) void client.prefetchQuery(dashboardQueries.call(call, localClienteId, filter));
}
