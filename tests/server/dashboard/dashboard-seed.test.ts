/** The demo's sales history: seeded (same figures every run), consistent with the dashboard's sums. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedSalesHistory } from '../../../src/server/modules/dashboard/dashboard.seed';
import { defaultPeriod } from '../../../src/shared/dashboard';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const res = (await t.db.db.execute(query)) as unknown as { rows: T[] };
  return res.rows[0];
}

describe('sales history seed', () => {
  it('adds days of orders after the venue last code, with customers, and the dashboard adds them up', async () => {
    const venue = t.seed.venues.restaurant;
    const before = await one<{ code: number }>(sql`select max(code)::int as code from orders where venue_id = ${venue}`);
    const r = await seedSalesHistory(t.db.db, venue, { days: 14, ordersPerDay: 6, customers: 30 });
    expect(r.orders).toBeGreaterThan(14 * 3);
    expect(r.items).toBeGreaterThanOrEqual(r.orders);
    const after = await one<{ min: number; max: number; n: number; last: number }>(sql`
      select min(code)::int as min, max(code)::int as max, count(*)::int as n,
        (select last_order_code from kds_settings where venue_id = ${venue}) as last
      from orders where venue_id = ${venue} and code > ${before.code}`);
    expect(after).toEqual({ min: before.code + 1, max: before.code + r.orders, n: r.orders, last: before.code + r.orders });
    const profiles = await one<{ n: number; g: number }>(sql`
      select count(*)::int as n, count(gender)::int as g from dashboard_order_customers c join orders o on o.id = c.order_id
      where o.venue_id = ${venue} and o.code > ${before.code}`);
    expect(profiles.n).toBe(r.orders);
    expect(profiles.g).toBeGreaterThan(0);

    // The last 7 days' revenue card equals the sum of those orders' totals (São Paulo days, refused left out).
    const p = defaultPeriod();
    const expected = await one<{ cents: number }>(sql`
      select coalesce(sum(total_cents), 0)::int as cents from orders
      where venue_id = ${venue} and state_id <> 6
        and (created_at at time zone 'America/Sao_Paulo')::date >= to_date(${p.InitialPeriod}, 'DD/MM/YYYY')
        and (created_at at time zone 'America/Sao_Paulo')::date <= to_date(${p.FinalPeriod}, 'DD/MM/YYYY')`);
    const token = await t.login(DEMO.gerente);
    const qs = new URLSearchParams({ localClienteId: venue, ...p });
    const res = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/Revenues?${qs}`, headers: t.auth(token) });
    expect(res.json().NewValue).toBeCloseTo(expected.cents / 100, 2);
    const days = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/SalesPerDay?${qs}`, headers: t.auth(token) });
    const perDay = days.json() as Array<{ Amount: number }>;
    expect(perDay).toHaveLength(7);
    expect(perDay.reduce((s, d) => s + d.Amount, 0)).toBeCloseTo(expected.cents / 100, 2);
  });

  it('gives the same figures for the same seed', async () => {
    const venue = t.seed.venues.restaurant;
    const { code } = await one<{ code: number }>(sql`select max(code)::int as code from orders where venue_id = ${venue}`);
    const fingerprint = async () =>
      one<{ f: string }>(sql`select md5(string_agg(o.total_cents::text || ':' || o.delivery_kind || ':' || coalesce(c.gender, '-'), ',' order by o.code)) as f
        from orders o left join dashboard_order_customers c on c.order_id = o.id where o.venue_id = ${venue} and o.code > ${code}`);
    await seedSalesHistory(t.db.db, venue, { days: 5, ordersPerDay: 4, customers: 20, seed: 0.5 });
    const a = await fingerprint();
    await t.db.db.execute(sql`delete from orders where venue_id = ${venue} and code > ${code}`);
    await seedSalesHistory(t.db.db, venue, { days: 5, ordersPerDay: 4, customers: 20, seed: 0.5 });
    expect(await fingerprint()).toEqual(a);
  });
});
