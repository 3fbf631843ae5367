/**
 * The sales dashboard's rollups (README "Sales dashboard"): five small tables per venue and São Paulo
 * day (hours, products, customers, gender × age, regions), each recomputed from the orders for a
 * whole day at a time, so every figure is exactly what the raw SQL in dashboard.repository.ts gives.
 *
 * How they stay correct as orders change (many API processes on one PostgreSQL):
 * - Statement-level triggers on orders, order_items and dashboard_order_customers (ENABLE ALWAYS:
 *   they fire even for the seed's replica-mode bulk insert) only mark the (venue, day) pairs the
 *   statement touched in dashboard_dirty_days, bumping `gen`: one tiny upsert per statement, in the
 *   writer's own transaction, so an order write never pays for an aggregate.
 * - Before a dashboard call reads a venue's rollups it refreshes that venue's dirty days: under a
 *   per-venue advisory transaction lock it reads the marks (day, gen), recomputes those days from
 *   the orders, and deletes only the marks whose gen is unchanged. A writer that commits during the
 *   refresh has bumped gen (its upsert waits for our delete's row lock, or ours for its) or inserted
 *   a new mark, so its day stays dirty and the next read recomputes it: no write is ever lost, and a
 *   reader never sees half a day (delete and insert are one transaction).
 * - drizzle-kit generates tables, not triggers: the triggers are installed at plugin start
 *   (idempotent, under an advisory lock) and the first start with a new rollup version marks every
 *   day of every venue dirty and rebuilds them (the backfill).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilter } from '../../../shared/contract/dashboard';
import { DASHBOARD_TZ, isoDay, type Period } from '../../../shared/dashboard';
import { DELIVERY_KIND, ORDER_STATE } from '../../../shared/orders';
import type { Db } from '../../db/client';
import type { ConsumptionRow, CustomerRow, DayRow, Totals } from './dashboard.repository';

const TZ = DASHBOARD_TZ;
const REFUSED = ORDER_STATE.Recusado;
const DELIVERY = DELIVERY_KIND.delivery;
/** Bump when a rollup's definition changes: the next start rebuilds every day. */
export const ROLLUP_VERSION = '1';
const LOCK_NS = 424217;

const localDay = (col: string) => `(${col} at time zone '${TZ}')::date`;

/** Upserts the (venue_id, day) rows of `source` as dirty marks (only venues that still exist). */
const mark = (source: string) => `
  insert into dashboard_dirty_days (venue_id, day)
  select distinct d.venue_id, d.day from (${source}) d
  where d.venue_id is not null and d.day is not null and exists (select 1 from venues v where v.id = d.venue_id)
  order by 1, 2
  on conflict (venue_id, day) do update set gen = dashboard_dirty_days.gen + 1;`;

/** What changes an order's place in the rollups (not its kitchen state, printer, courier...). */
const ORDER_CHANGED = `(o.state_id = ${REFUSED}) is distinct from (n.state_id = ${REFUSED}) or o.total_cents <> n.total_cents
  or o.created_at <> n.created_at or o.delivery_kind <> n.delivery_kind or o.venue_id <> n.venue_id`;

export const ROLLUP_DDL = `
create or replace function dashboard_mark_orders() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${mark(`select venue_id, ${localDay('created_at')} as day from new_rows`)}
  elsif tg_op = 'DELETE' then
    ${mark(`select venue_id, ${localDay('created_at')} as day from old_rows`)}
  else
    ${mark(`select n.venue_id, ${localDay('n.created_at')} as day from new_rows n join old_rows o on o.id = n.id where ${ORDER_CHANGED}
      union all select o.venue_id, ${localDay('o.created_at')} from new_rows n join old_rows o on o.id = n.id where ${ORDER_CHANGED}`)}
  end if;
  return null;
end $$;

create or replace function dashboard_mark_items() returns trigger language plpgsql as $$
begin
  -- An item whose order is gone (deleted with it) was marked by the order's own trigger.
  if tg_op = 'INSERT' then
    ${mark(`select o.venue_id, ${localDay('o.created_at')} as day from orders o where o.id in (select order_id from new_rows)`)}
  elsif tg_op = 'DELETE' then
    ${mark(`select o.venue_id, ${localDay('o.created_at')} as day from orders o where o.id in (select order_id from old_rows)`)}
  else
    ${mark(`select o.venue_id, ${localDay('o.created_at')} as day from orders o
      where o.id in (select order_id from new_rows union select order_id from old_rows)`)}
  end if;
  return null;
end $$;

create or replace function dashboard_mark_customers() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${mark(`select venue_id, ${localDay('created_at')} as day from new_rows`)}
  elsif tg_op = 'DELETE' then
    ${mark(`select venue_id, ${localDay('created_at')} as day from old_rows`)}
  else
    ${mark(`select venue_id, ${localDay('created_at')} as day from new_rows union all select venue_id, ${localDay('created_at')} from old_rows`)}
  end if;
  return null;
end $$;
${(
  [
    ['orders', 'dashboard_mark_orders', 'orders'],
    ['order_items', 'dashboard_mark_items', 'items'],
    ['dashboard_order_customers', 'dashboard_mark_customers', 'customers'],
  ] as const
)
  .map(
    ([table, fn, short]) => `
create or replace trigger dashboard_mark_${short}_ins after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}();
create or replace trigger dashboard_mark_${short}_upd after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}();
create or replace trigger dashboard_mark_${short}_del after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}();
alter table ${table} enable always trigger dashboard_mark_${short}_ins;
alter table ${table} enable always trigger dashboard_mark_${short}_upd;
alter table ${table} enable always trigger dashboard_mark_${short}_del;`,
  )
  .join('\n')}
`;

/** Marks every day of every venue that has orders (the backfill of a new rollup version). */
export const MARK_ALL_SQL = mark(`select venue_id, ${localDay('created_at')} as day from orders`);

type Exec = Pick<Db, 'execute'>;

async function rows<T>(db: Exec, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The statements that rebuild a venue's rollups for the given days from the orders. `o` is every
 * order of those days (São Paulo), found through orders_venue_created_idx with a margin of a few
 * hours on both sides (daylight saving before 2019 moved midnight by an hour) and the exact day test.
 */
function rebuildStatements(venueId: string, days: string[]): SQL[] {
  const list = `{${days.join(',')}}`;
  const first = days.reduce((a, b) => (a < b ? a : b));
  const last = days.reduce((a, b) => (a > b ? a : b));
  const tables = ['dashboard_sales_hours', 'dashboard_sales_products', 'dashboard_sales_customers', 'dashboard_sales_profiles', 'dashboard_sales_regions'];
  const o = sql`select o.id, o.total_cents, o.state_id, o.delivery_kind = ${DELIVERY} as delivery,
        (o.created_at at time zone ${TZ}) as local_at, (o.created_at at time zone ${TZ})::date as day
      from orders o join (select unnest(${list}::date[]) as day) dd on dd.day = (o.created_at at time zone ${TZ})::date
      where o.venue_id = ${venueId}
        and o.created_at >= (${first}::date - 1)::timestamp at time zone ${TZ}
        and o.created_at < (${last}::date + 2)::timestamp at time zone ${TZ}`;
  return [
    ...tables.map((t) => sql`delete from ${sql.raw(t)} where venue_id = ${venueId} and day = any(${list}::date[])`),
    sql`insert into dashboard_sales_hours (venue_id, day, hour, delivery, orders, refused, revenue_cents)
      select ${venueId}::uuid, o.day, extract(hour from o.local_at)::int, o.delivery,
        count(*) filter (where o.state_id <> ${REFUSED}), count(*) filter (where o.state_id = ${REFUSED}),
        coalesce(sum(o.total_cents) filter (where o.state_id <> ${REFUSED}), 0)
      from (${o}) o group by o.day, 3, o.delivery`,
    sql`insert into dashboard_sales_products (venue_id, day, delivery, name, orders, quantity, revenue_cents, max_order_cents)
      select ${venueId}::uuid, day, delivery, name, count(*), sum(qty), sum(cents), max(cents)
      from (select o.day, o.delivery, i.name, i.order_id, sum(i.quantity) as qty, sum(i.quantity * i.unit_cents) as cents
            from (${o}) o join order_items i on i.order_id = o.id
            where o.state_id <> ${REFUSED}
            group by o.day, o.delivery, i.name, i.order_id) per_order
      group by day, delivery, name`,
    sql`insert into dashboard_sales_customers (venue_id, day, delivery, customer_key, orders, revenue_cents, last_at, last_name)
      select ${venueId}::uuid, o.day, o.delivery, c.customer_key, count(*), sum(o.total_cents),
        max(o.local_at), (array_agg(c.customer_name order by o.local_at desc, c.customer_name desc))[1]
      from (${o}) o join dashboard_order_customers c on c.order_id = o.id
      where o.state_id <> ${REFUSED} and c.customer_key is not null
      group by o.day, o.delivery, c.customer_key`,
    sql`insert into dashboard_sales_profiles (venue_id, day, delivery, gender, age, orders, revenue_cents)
      select ${venueId}::uuid, o.day, o.delivery, c.gender, extract(year from age(o.day, c.birth_date))::int, count(*), sum(o.total_cents)
      from (${o}) o left join dashboard_order_customers c on c.order_id = o.id
      where o.state_id <> ${REFUSED}
      group by o.day, o.delivery, c.gender, 5`,
    sql`insert into dashboard_sales_regions (venue_id, day, delivery, city, uf, orders, revenue_cents, max_order_cents)
      select ${venueId}::uuid, o.day, o.delivery, c.city, c.uf, count(*), sum(o.total_cents), max(o.total_cents)
      from (${o}) o left join dashboard_order_customers c on c.order_id = o.id
      where o.state_id <> ${REFUSED}
      group by o.day, o.delivery, c.city, c.uf`,
  ];
}

/**
 * Brings a venue's rollups up to date (see the file comment). Cheap when nothing is dirty: one
 * primary-key range probe. Returns the number of days recomputed.
 */
export async function refreshRollups(db: Db, venueId: string): Promise<number> {
  const probe = await rows<{ n: number }>(db, sql`select 1 as n from dashboard_dirty_days where venue_id = ${venueId} limit 1`);
  if (!probe.length) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NS}, hashtext(${venueId}))`);
    // Read after the lock: a refresh that ran meanwhile has already cleared its days.
    const marks = await rows<{ day: string; gen: number }>(tx, sql`select to_char(day, 'YYYY-MM-DD') as day, gen from dashboard_dirty_days where venue_id = ${venueId}`);
    if (!marks.length) return 0;
    for (const s of rebuildStatements(venueId, marks.map((m) => m.day))) await tx.execute(s);
    await tx.execute(sql`delete from dashboard_dirty_days d
      using unnest(${`{${marks.map((m) => m.day).join(',')}}`}::date[], ${`{${marks.map((m) => m.gen).join(',')}}`}::int[]) as m(day, gen)
      where d.venue_id = ${venueId} and d.day = m.day and d.gen = m.gen`);
    return marks.length;
  });
}

/** Refreshes every venue with dirty days (after a backfill or a bulk seed). */
export async function refreshAllRollups(db: Db): Promise<number> {
  const venues = await rows<{ venue_id: string }>(db, sql`select distinct venue_id from dashboard_dirty_days`);
  let n = 0;
  for (const v of venues) n += await refreshRollups(db, v.venue_id);
  return n;
}

// ---------------------------------------------------------------------------------------------
// The series, read from the rollups (same answers as dashboard.repository.ts; no customer filter).

const only = (a: boolean | undefined, b: boolean | undefined) => (a ?? false) !== (b ?? false);

/** Whether the rollups can answer this filter (new/old customers need each order's customer history). */
export const rollupsAnswer = (f: DashboardFilter) => !only(f.IsNew, f.IsOld);

function where(venueId: string, f: DashboardFilter, p: Pick<Period, 'first' | 'last'>): SQL {
  const channel = only(f.IsInInternalChannel, f.IsInDeliveryChannel) ? sql`and r.delivery = ${!!f.IsInDeliveryChannel}` : sql``;
  return sql`r.venue_id = ${venueId} and r.day >= ${isoDay(p.first)}::date and r.day <= ${isoDay(p.last)}::date ${channel}`;
}

export async function totals(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Totals> {
  const [r] = await rows<{ orders: string; refused: string; revenue: string }>(
    db,
    sql`select coalesce(sum(orders), 0)::text as orders, coalesce(sum(refused), 0)::text as refused, coalesce(sum(revenue_cents), 0)::text as revenue
      from dashboard_sales_hours r where ${where(venueId, f, p)}`,
  );
  return { orders: Number(r.orders), refused: Number(r.refused), revenueCents: Number(r.revenue) };
}

export async function perDay(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<DayRow[]> {
  const list = await rows<{ day: string; orders: number; revenue: string }>(
    db,
    sql`with agg as (select day, sum(orders) as orders, sum(revenue_cents) as revenue
              from dashboard_sales_hours r where ${where(venueId, f, p)} group by day)
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(agg.orders, 0)::int as orders, coalesce(agg.revenue, 0)::text as revenue
      from generate_series(${isoDay(p.first)}::date, ${isoDay(p.last)}::date, interval '1 day') d
      left join agg on agg.day = d::date
      order by d`,
  );
  return list.map((r) => ({ day: r.day, orders: Number(r.orders), revenueCents: Number(r.revenue) }));
}

export async function hourly(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<number[][]> {
  const list = await rows<{ dow: number; h: number; revenue: string }>(
    db,
    sql`select extract(dow from day)::int as dow, hour::int as h, sum(revenue_cents)::text as revenue
      from dashboard_sales_hours r where ${where(venueId, f, p)} group by 1, 2`,
  );
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of list) grid[Number(r.dow)][Number(r.h)] = Math.round(Number(r.revenue ?? 0)) / 100;
  return grid;
}

export async function mostConsumed(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ item: string; qty: string; higher: string; average: string }>(
    db,
    sql`select name as item, sum(quantity)::text as qty, max(max_order_cents)::text as higher,
        (sum(revenue_cents)::numeric / sum(orders))::text as average
      from dashboard_sales_products r where ${where(venueId, f, p)}
      group by name order by sum(quantity) desc, name limit 10`,
  );
  return list.map((r) => ({ item: r.item, quantity: Number(r.qty), higherCents: Number(r.higher), averageCents: Number(r.average) }));
}

export async function byRegion(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ city: string | null; uf: string | null; qty: number; higher: string; average: string }>(
    db,
    sql`select city, uf, sum(orders)::int as qty, max(max_order_cents)::text as higher,
        (sum(revenue_cents)::numeric / sum(orders))::text as average
      from dashboard_sales_regions r where ${where(venueId, f, p)}
      group by city, uf order by sum(orders) desc, city nulls last, uf nulls last limit 10`,
  );
  return list.map((r) => ({
    item: r.city ? (r.uf ? `${r.city}/${r.uf}` : r.city) : '',
    quantity: Number(r.qty),
    higherCents: Number(r.higher),
    averageCents: Number(r.average),
  }));
}

export async function topCustomers(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<CustomerRow[]> {
  // Sums per customer first (a plain hash aggregate), then the latest name of the ten only.
  const list = await rows<{ name: string; orders: number; total: string; average: string }>(
    db,
    sql`with top as (
        select customer_key, sum(orders) as orders, sum(revenue_cents) as revenue
        from dashboard_sales_customers r where ${where(venueId, f, p)}
        group by customer_key order by sum(revenue_cents) desc, customer_key limit 10)
      select (select r.last_name from dashboard_sales_customers r
              where ${where(venueId, f, p)} and r.customer_key = top.customer_key
              order by r.last_at desc, r.last_name desc limit 1) as name,
        top.orders::int as orders, top.revenue::text as total, (top.revenue::numeric / top.orders)::text as average
      from top order by top.revenue desc, top.customer_key`,
  );
  return list.map((r) => ({ name: r.name, orders: Number(r.orders), totalCents: Number(r.total), averageCents: Number(r.average) }));
}

export async function byGender(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ gender: string | null; cents: number }>> {
  const list = await rows<{ gender: string | null; revenue: string }>(
    db,
    sql`select gender, sum(revenue_cents)::text as revenue from dashboard_sales_profiles r where ${where(venueId, f, p)} group by gender`,
  );
  return list.map((r) => ({ gender: r.gender, cents: Number(r.revenue) }));
}

export async function byAge(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ age: number; cents: number }>> {
  const list = await rows<{ age: number; revenue: string }>(
    db,
    sql`select age, sum(revenue_cents)::text as revenue from dashboard_sales_profiles r
      where ${where(venueId, f, p)} and age is not null group by age`,
  );
  return list.map((r) => ({ age: Number(r.age), cents: Number(r.revenue) }));
}
