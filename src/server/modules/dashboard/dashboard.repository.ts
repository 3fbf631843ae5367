/**
 * Every series of the sales dashboard, computed by SQL from the venue's orders, their items and
 * their customers (dashboard_order_customers), in America/Sao_Paulo. Refused orders count only in
 * RefusedOrders. See src/shared/contract/dashboard.ts for what each number means.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilter } from '../../../shared/contract/dashboard';
import { DASHBOARD_TZ, isoDay, type Period } from '../../../shared/dashboard';
import { DELIVERY_KIND, ORDER_STATE } from '../../../shared/orders';
import type { Db } from '../../db/client';

const REFUSED = ORDER_STATE.Recusado;
const TZ = DASHBOARD_TZ;
const MARGIN_MS = 3 * 3_600_000;

/** Reais from integer cents, two decimals. */
export const reais = (cents: number | string | null | undefined) => Math.round(Number(cents ?? 0)) / 100;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Both flags of a pair, or neither, mean no filter. */
const only = (a: boolean | undefined, b: boolean | undefined) => (a ?? false) !== (b ?? false);

/**
 * The venue's orders in [period.start, period.end] that pass the filter, with their customer:
 * id, local_at (São Paulo wall time), total_cents, state_id, customer_key, customer_name, gender,
 * birth_date, city, uf.
 */
function base(venueId: string, f: DashboardFilter, period: Pick<Period, 'start' | 'end' | 'first' | 'last'>, withCustomer = false): SQL {
  const start = period.start.toISOString();
  // Whole São Paulo days: the instants (UTC-3) with a margin of three hours either side find the
  // rows through the index, and the local day decides (before 2019, daylight saving moved midnight).
  const from = new Date(period.start.getTime() - MARGIN_MS).toISOString();
  const to = new Date(period.end.getTime() + MARGIN_MS).toISOString();
  const inPeriod = sql`o.created_at >= ${from}::timestamptz and o.created_at <= ${to}::timestamptz
    and (o.created_at at time zone ${TZ})::date between ${isoDay(period.first)}::date and ${isoDay(period.last)}::date`;
  const channel = only(f.IsInInternalChannel, f.IsInDeliveryChannel)
    ? f.IsInDeliveryChannel
      ? sql`and o.delivery_kind = ${DELIVERY_KIND.delivery}`
      : sql`and o.delivery_kind <> ${DELIVERY_KIND.delivery}`
    : sql``;
  const earlier = sql`exists (select 1 from dashboard_order_customers e
      where e.venue_id = ${venueId} and e.customer_key = c.customer_key and e.created_at < ${start}::timestamptz)`;
  const customers = only(f.IsNew, f.IsOld)
    ? f.IsNew
      ? sql`and c.customer_key is not null and not ${earlier}`
      : sql`and c.customer_key is not null and ${earlier}`
    : sql``;
  // Series that need no customer skip the join (one primary-key probe per order saved).
  if (!withCustomer && !only(f.IsNew, f.IsOld)) {
    return sql`select o.id, (o.created_at at time zone ${TZ}) as local_at, o.total_cents, o.state_id
      from orders o
      where o.venue_id = ${venueId} and ${inPeriod} ${channel}`;
  }
  return sql`select o.id, (o.created_at at time zone ${TZ}) as local_at, o.total_cents, o.state_id,
      c.customer_key, c.customer_name, c.gender, c.birth_date, c.city, c.uf
    from orders o left join dashboard_order_customers c on c.order_id = o.id
    where o.venue_id = ${venueId} and ${inPeriod}
    ${channel} ${customers}`;
}

export interface Totals {
  orders: number;
  refused: number;
  revenueCents: number;
}

export async function totals(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Totals> {
  const [r] = await rows<{ orders: number; refused: number; revenue: string }>(
    db,
    sql`with b as (${base(venueId, f, p)})
      select count(*) filter (where state_id <> ${REFUSED})::int as orders,
             count(*) filter (where state_id = ${REFUSED})::int as refused,
             coalesce(sum(total_cents) filter (where state_id <> ${REFUSED}), 0)::text as revenue
      from b`,
  );
  return { orders: Number(r.orders), refused: Number(r.refused), revenueCents: Number(r.revenue) };
}

export interface DayRow {
  day: string;
  orders: number;
  revenueCents: number;
}

/** Every day of the period (zeros included), in order. */
export async function perDay(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<DayRow[]> {
  const list = await rows<{ day: string; orders: number; revenue: string }>(
    db,
    sql`with b as (${base(venueId, f, p)}),
      agg as (select local_at::date as day, count(*)::int as orders, sum(total_cents) as revenue
              from b where state_id <> ${REFUSED} group by 1)
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(agg.orders, 0)::int as orders, coalesce(agg.revenue, 0)::text as revenue
      from generate_series(${isoDay(p.first)}::date, ${isoDay(p.last)}::date, interval '1 day') d
      left join agg on agg.day = d::date
      order by d`,
  );
  return list.map((r) => ({ day: r.day, orders: Number(r.orders), revenueCents: Number(r.revenue) }));
}

/** Revenue per weekday (0 = Sunday) and hour, seven rows of 24. */
export async function hourly(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<number[][]> {
  const list = await rows<{ dow: number; h: number; revenue: string }>(
    db,
    sql`with b as (${base(venueId, f, p)})
      select extract(dow from local_at)::int as dow, extract(hour from local_at)::int as h, sum(total_cents)::text as revenue
      from b where state_id <> ${REFUSED} group by 1, 2`,
  );
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of list) grid[Number(r.dow)][Number(r.h)] = reais(r.revenue);
  return grid;
}

export interface ConsumptionRow {
  item: string;
  quantity: number;
  higherCents: number;
  averageCents: number;
}

/** The ten products sold in most units. */
export async function mostConsumed(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ item: string; qty: string; higher: string; average: string }>(
    db,
    sql`with b as (${base(venueId, f, p)}),
      per_order as (
        select i.name, i.order_id, sum(i.quantity) as qty, sum(i.quantity * i.unit_cents) as cents
        from b join order_items i on i.order_id = b.id
        where b.state_id <> ${REFUSED}
        group by i.name, i.order_id)
      select name as item, sum(qty)::text as qty, max(cents)::text as higher, avg(cents)::text as average
      from per_order group by name order by sum(qty) desc, name limit 10`,
  );
  return list.map((r) => ({ item: r.item, quantity: Number(r.qty), higherCents: Number(r.higher), averageCents: Number(r.average) }));
}

/** Orders per city (the ten with most orders). */
export async function byRegion(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ city: string | null; uf: string | null; qty: number; higher: string; average: string }>(
    db,
    sql`with b as (${base(venueId, f, p, true)})
      select city, uf, count(*)::int as qty, max(total_cents)::text as higher, avg(total_cents)::text as average
      from b where state_id <> ${REFUSED}
      group by city, uf order by count(*) desc, city nulls last, uf nulls last limit 10`,
  );
  return list.map((r) => ({
    item: r.city ? (r.uf ? `${r.city}/${r.uf}` : r.city) : '',
    quantity: Number(r.qty),
    higherCents: Number(r.higher),
    averageCents: Number(r.average),
  }));
}

export interface CustomerRow {
  name: string;
  orders: number;
  totalCents: number;
  averageCents: number;
}

/** The ten identified customers who spent most. */
export async function topCustomers(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<CustomerRow[]> {
  const list = await rows<{ name: string; orders: number; total: string; average: string }>(
    db,
    sql`with b as (${base(venueId, f, p, true)})
      select (array_agg(customer_name order by local_at desc, customer_name desc))[1] as name, count(*)::int as orders,
             sum(total_cents)::text as total, avg(total_cents)::text as average
      from b where state_id <> ${REFUSED} and customer_key is not null
      group by customer_key order by sum(total_cents) desc, customer_key limit 10`,
  );
  return list.map((r) => ({ name: r.name, orders: Number(r.orders), totalCents: Number(r.total), averageCents: Number(r.average) }));
}

/** Revenue per gender code (null: not informed). */
export async function byGender(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ gender: string | null; cents: number }>> {
  const list = await rows<{ gender: string | null; revenue: string }>(
    db,
    sql`with b as (${base(venueId, f, p, true)})
      select gender, sum(total_cents)::text as revenue from b where state_id <> ${REFUSED} group by gender`,
  );
  return list.map((r) => ({ gender: r.gender, cents: Number(r.revenue) }));
}

/** Revenue per age in whole years at the order's day; null: no birth date (the chart's "Não informado"). */
export async function byAge(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ age: number | null; cents: number }>> {
  const list = await rows<{ age: number | null; revenue: string }>(
    db,
    sql`with b as (${base(venueId, f, p, true)})
      select extract(year from age(local_at::date, birth_date))::int as age, sum(total_cents)::text as revenue
      from b where state_id <> ${REFUSED} group by 1`,
  );
  return list.map((r) => ({ age: r.age === null ? null : Number(r.age), cents: Number(r.revenue) }));
}
