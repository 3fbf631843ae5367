/**
 * The series cache never serves a stale figure: a sale (or a refusal) committed before a dashboard
 * call is in that call's answer, through the same app and through a second app instance sharing
 * the database (how many API processes run on one PostgreSQL), whichever of them reads first.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { SeriesCache } from '../../../src/server/modules/dashboard/dashboard.cache';
import { dashboardAnswer } from '../../../src/server/modules/dashboard/dashboard.routes';
import { DASHBOARD_CALLS, type DashboardCall } from '../../../src/shared/contract/dashboard';
import { checkPeriod } from '../../../src/shared/dashboard';
import { DEMO, useTestApp } from '../../setup/server';
import { DATASET, insertDataset } from './dataset';

const t = useTestApp();

const PERIOD = { InitialPeriod: '01/03/2025', FinalPeriod: '07/03/2025' };
/** One more sale in the period: Saturday 01/03/2025 at 13:10 in São Paulo, R$ 20,00 of Pizza. */
const SALE = [{ ...DATASET[0], at: '2025-03-01T13:10:00', items: [['Pizza', 1, 20]] as Array<[string, number, number]> }];

type App = Awaited<ReturnType<typeof buildApp>>;
let second: App | null = null;
afterEach(async () => {
  await second?.close();
  second = null;
});

async function read(app: App, token: string, name: DashboardCall, params: Record<string, string> = {}) {
  const qs = new URLSearchParams({ localClienteId: t.seed.venues.restaurant, ...PERIOD, ...params });
  const res = await app.inject({ method: 'GET', url: `/api/salesdashboard/${name}?${qs}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every call of the screen at once, as the page makes them. */
const screen = (app: App, token: string, params: Record<string, string> = {}) => Promise.all(DASHBOARD_CALLS.map((c) => read(app, token, c, params)));

describe('sales dashboard freshness', () => {
  it('shows a new sale and a refusal in the very next call, with the cache warm', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    const token = await t.login(DEMO.gerente);
    const before = await screen(t.app, token);
    expect(await screen(t.app, token)).toEqual(before);
    expect(before[DASHBOARD_CALLS.indexOf('TotalOrders')]).toMatchObject({ NewValue: 5 });

    await insertDataset(t.db.db, t.seed.venues.restaurant, SALE, 9100);
    expect(await read(t.app, token, 'TotalOrders')).toMatchObject({ NewValue: 6, OldValue: 1 });
    expect(await read(t.app, token, 'Revenues')).toMatchObject({ NewValue: 180 });
    expect(await read(t.app, token, 'SalesPerDay')).toContainEqual({ Date: '2025-03-01', Quantity: 3, Amount: 100 });
    expect(await read(t.app, token, 'MostConsumed')).toContainEqual({ Item: 'Pizza', Quantity: 5, HigherConsumption: 40, AverageConsumption: 26.25 });
    // The channel filter's reads are keyed apart and follow too.
    expect(await read(t.app, token, 'TotalOrders', { IsInDeliveryChannel: 'true' })).toMatchObject({ NewValue: 3 });

    await t.db.db.execute(sql`update orders set state_id = 6 where venue_id = ${t.seed.venues.restaurant} and code = 9100`);
    expect(await read(t.app, token, 'RefusedOrders')).toMatchObject({ NewValue: 2 });
    expect(await read(t.app, token, 'TotalOrders')).toMatchObject({ NewValue: 5 });
  });

  it('keeps two app instances on one database exact, whichever reads first after a write', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    second = await buildApp({
      db: t.db,
      mailer: { send: async () => {}, describe: () => 'memória' },
      files: t.files,
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [], staticDir: undefined },
    });
    const token = await t.login(DEMO.gerente);
    // Both warm for the same version.
    await screen(t.app, token);
    await screen(second, token);
    expect(await read(second, token, 'TotalOrders')).toMatchObject({ NewValue: 5 });

    // The second instance reads first after the sale: it refreshes the rollups (a new version);
    // the first then finds nothing dirty but the version changed, so its entries are not used.
    await insertDataset(t.db.db, t.seed.venues.restaurant, SALE, 9100);
    expect(await read(second, token, 'TotalOrders')).toMatchObject({ NewValue: 6 });
    expect(await read(t.app, token, 'TotalOrders')).toMatchObject({ NewValue: 6 });
    expect(await read(t.app, token, 'HourlySales')).toEqual(await read(second, token, 'HourlySales'));

    // And the other way round.
    await t.db.db.execute(sql`update orders set state_id = 6 where venue_id = ${t.seed.venues.restaurant} and code = 9100`);
    expect(await read(t.app, token, 'TotalOrders')).toMatchObject({ NewValue: 5 });
    expect(await read(second, token, 'TotalOrders')).toMatchObject({ NewValue: 5 });
    expect(await read(second, token, 'RefusedOrders')).toMatchObject({ NewValue: 2 });
    expect(await screen(second, token)).toEqual(await screen(t.app, token));
  });

  it('serves repeated reads from the cache and drops it on the next version', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    const checked = checkPeriod(PERIOD.InitialPeriod, PERIOD.FinalPeriod);
    if (!checked.ok) throw new Error(checked.message);
    const cache = new SeriesCache();
    const venueId = t.seed.venues.restaurant;
    const all = () => Promise.all(DASHBOARD_CALLS.map((c) => dashboardAnswer(t.db.db, venueId, c, PERIOD, checked.period, undefined, cache)));
    const first = await all();
    // Thirteen calls, six reads: hours of both periods, products, regions, customers, profiles.
    expect(cache.misses).toBe(6);
    expect(await all()).toEqual(first);
    expect(cache.misses).toBe(6);
    expect(cache.hits).toBeGreaterThanOrEqual(13);

    await insertDataset(t.db.db, venueId, SALE, 9100);
    const after = await all();
    expect(cache.misses).toBe(12);
    expect(after[DASHBOARD_CALLS.indexOf('TotalOrders')]).toMatchObject({ NewValue: 6 });
  });
});
