// @vitest-environment jsdom
/**
 * R06–R18 (issue 40): the sales dashboard asks "GET with the filter as parameters plus
 * localClienteId: api/salesdashboard/SalesByAgeRange, HourlySales, SalesPerDay, SalesByRegion,
 * MostConsumed, SalesByGender, TopCustomers, TotalOrders, RefusedOrders, Revenues, AverageTicket,
 * HigherDemand, LowerDemand" (spec 001 §7) when the server does not offer our combined call; the
 * combined call stays the fast path when the server lists it in its runtime configuration.
 */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CALLS, type DashboardCall, type DashboardFilter } from '../../../../shared/contract/dashboard';
import { useFetchStub } from '../../../test/fetch-stub';

const config = vi.hoisted(() => ({ extensions: [] as string[] }));
vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn(), isDesktopApp: () => false }));
vi.mock('../../../lib/runtime-config', () => ({
  runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9', apiExtensions: config.extensions }),
  hasApiExtension: (name: string) => config.extensions.includes(name),
}));
const fetchSpy = useFetchStub();

const localId = '00000000-0000-4000-8000-000000000001';
const filter: DashboardFilter = { InitialPeriod: '22/11/2026', FinalPeriod: '29/11/2026', IsNew: true, IsOld: false, IsInInternalChannel: true, IsInDeliveryChannel: false };
const card = (n: number) => ({ Title: `Cartão ${n}`, Value: n, OldTitle: 'Antigos', OldValue: 0, NewTitle: 'Novos', NewValue: n, IsCurrency: false });
/** What each spec call answers (distinct values, so a figure taken from the wrong answer shows). */
const ANSWERS: Record<DashboardCall, unknown> = {
  SalesByAgeRange: { Data: [{ Key: '18-24', Value: 3 }] },
  HourlySales: [{ DayOfWeek: 1, Amounts: Array.from({ length: 24 }, (_, h) => h) }],
  SalesPerDay: [{ Date: '2026-11-28', Quantity: 4, Amount: 120.5 }],
  SalesByRegion: [{ Quantity: 2, Item: 'Bela Vista', HigherConsumption: 50, AverageConsumption: 25 }],
  MostConsumed: [{ Quantity: 9, Item: 'Feijoada', HigherConsumption: 80, AverageConsumption: 40 }],
  SalesByGender: [{ Key: 'Feminino', Value: 7 }],
  TopCustomers: [{ Name: 'Maria', Image: null, AverageConsumption: 55, Quantity: 3, TotalConsumption: 165 }],
  TotalOrders: card(1),
  RefusedOrders: card(2),
  Revenues: card(3),
  AverageTicket: card(4),
  HigherDemand: card(5),
  LowerDemand: card(6),
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const paths = () => (fetchSpy.mock.calls as Array<[RequestInfo | URL]>).map(([u]) => new URL(String(u)).pathname);

/** A fresh module each test: the "combined call refused" memory is per page life. */
async function loadAll() {
  vi.resetModules();
  const { dashboardQueries } = await import('./dashboard-queries');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const out = {} as Record<DashboardCall, unknown>;
  await Promise.all(DASHBOARD_CALLS.map(async (c) => (out[c] = await client.fetchQuery(dashboardQueries.call(c, localId, filter)))));
  return out;
}

beforeEach(() => {
  config.extensions = [];
});

describe('dashboard calls', () => {
  it('without the combined call in the runtime configuration: the thirteen spec calls, each with the filter and localClienteId', async () => {
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) => {
      const call = new URL(String(input)).pathname.split('/').pop() as DashboardCall;
      return call in ANSWERS ? json(ANSWERS[call]) : json({ Message: 'Not found' }, 404);
    });
    expect(await loadAll()).toEqual(ANSWERS);
    expect(paths().sort()).toEqual(DASHBOARD_CALLS.map((c) => `/api/salesdashboard/${c}`).sort());
    for (const [u] of fetchSpy.mock.calls as Array<[RequestInfo | URL]>) {
      const q = new URL(String(u)).searchParams;
      expect(Object.fromEntries(q)).toEqual({
        localClienteId: localId,
        InitialPeriod: '22/11/2026',
        FinalPeriod: '29/11/2026',
        IsNew: 'true',
        IsOld: 'false',
        IsInInternalChannel: 'true',
        IsInDeliveryChannel: 'false',
      });
    }
  });

  it('with the combined call advertised: one request to api/salesdashboard/All answers all thirteen', async () => {
    config.extensions = ['salesdashboard-all'];
    fetchSpy.mockImplementation(async () => json(ANSWERS));
    expect(await loadAll()).toEqual(ANSWERS);
    expect(paths()).toEqual(['/api/salesdashboard/All']);
  });

  it('advertised but answered 404: the spec calls, and the combined call is not asked again', async () => {
    config.extensions = ['salesdashboard-all'];
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) => {
      const call = new URL(String(input)).pathname.split('/').pop() as DashboardCall;
      return call in ANSWERS ? json(ANSWERS[call]) : json({ Message: 'Not found' }, 404);
    });
    vi.resetModules();
    const { dashboardQueries } = await import('./dashboard-queries');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const c of DASHBOARD_CALLS) expect(await client.fetchQuery(dashboardQueries.call(c, localId, filter))).toEqual(ANSWERS[c]);
    const asked = paths();
    expect(asked.filter((p) => p === '/api/salesdashboard/All')).toHaveLength(1);
    expect(asked.filter((p) => p !== '/api/salesdashboard/All').sort()).toEqual(DASHBOARD_CALLS.map((c) => `/api/salesdashboard/${c}`).sort());
  });

  it('a real failure of the combined call is reported, not hidden behind thirteen calls', async () => {
    config.extensions = ['salesdashboard-all'];
    fetchSpy.mockImplementation(async () => json({ Message: 'Falha interna' }, 500));
    vi.resetModules();
    const { dashboardQueries } = await import('./dashboard-queries');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(dashboardQueries.call('Revenues', localId, filter))).rejects.toThrow();
    expect(paths()).toEqual(['/api/salesdashboard/All']);
  });
});
