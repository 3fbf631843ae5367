/**
 * The sales dashboard's rollups (docs/decisions/dashboard.md): five small tables per venue and São Paulo
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
 * - Each refresh that recomputes a day gives the venue a new random version (dashboard_meta, same
 *   transaction); the process's series cache (dashboard.cache.ts) keys every read on it, and a call
 *   reads the version and the "anything dirty?" bit in one statement before it reads (freshVersion).
 * - The new/returning-customer filter reads split twins of these tables (dashboard_split_*, the
 *   customers' first day as one more column), rebuilt here with the others (dashboard.firsts.ts).
 * - drizzle-kit generates tables, not triggers: the triggers are installed at plugin start
 *   (idempotent, under an advisory lock) and the first start with a new rollup version marks every
 *   day of every venue dirty and rebuilds them (the backfill).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilter } from '../../../shared/contract/dashboard';
import { DASHBOARD_TZ, isoDay, periodDays, type Period } from '../../../shared/dashboard';
import { DELIVERY_KIND, ORDER_STATE } from '../../../shared/orders';
import type { Db } from '../../db/client';
import { customerFilter, firstDayCondition, localDay, mark, SPLIT_TABLES, splitRebuildStatements } from './dashboard.firsts';
import type { ConsumptionRow, CustomerRow, DayRow, Totals } from './dashboard.repository';

const TZ = DASHBOARD_TZ;
const REFUSED = ORDER_STATE.Recusado;
const DELIVERY = DELIVERY_KIND.delivery;
/** Bump when a rollup's definition changes: the next start rebuilds every day. */
export const ROLLUP_VERSION = '2';
const LOCK_NS = 424217;

/** What changes an order's place in the rollups (not its kitchen state, printer, courier...). */
const ORDER_CHANGED = `(o.state_id = ${REFUSED}) is distinct from (n.state_id = ${REFUSED}) or o.total_cents <> n.total_cents
  or o.created_at <> n.created_at or o.delivery_kind <> n.delivery_kind or o.venue_id <> n.venue_id`;

/**
 * A statement trigger's function: marks the days of what the statement inserted (`touched('new_rows')`),
 * deleted (`touched('old_rows')`) or updated (`updated`).
 */
const markFunction = (name: string, touched: (rows: 'new_rows' | 'old_rows') => string, updated: string, note = '') => `
create or replace function ${name}() returns trigger language plpgsql as $$
begin${note}
  if tg_op = 'INSERT' then
    ${mark(touched('new_rows'))}
  elsif tg_op = 'DELETE' then
    ${mark(touched('old_rows'))}
  else
    ${mark(updated)}
  end if;
  return null;
end $$;
`;

const rowDays = (rows: string) => `select venue_id, ${localDay('created_at')} as day from ${rows}`;
const orderDays = (rows: string) => `select o.venue_id, ${localDay('o.created_at')} as day from orders o where o.id in (select order_id from ${rows})`;

export const ROLLUP_DDL = `${markFunction(
  'dashboard_mark_orders',
  rowDays,
  `select n.venue_id, ${localDay('n.created_at')} as day from new_rows n join old_rows o on o.id = n.id where ${ORDER_CHANGED}
      union all select o.venue_id, ${localDay('o.created_at')} from new_rows n join old_rows o on o.id = n.id where ${ORDER_CHANGED}`,
)}${markFunction(
  'dashboard_mark_items',
  orderDays,
  `select o.venue_id, ${localDay('o.created_at')} as day from orders o
      where o.id in (select order_id from new_rows union select order_id from old_rows)`,
  "\n  -- An item whose order is gone (deleted with it) was marked by the order's own trigger.",
)}${markFunction('dashboard_mark_customers', rowDays, `select venue_id, ${localDay('created_at')} as day from new_rows union all select venue_id, ${localDay('created_at')} from old_rows`)}${(
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
export const MARK_ALL_SQL = mark(rowDays('orders'));

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
    ...[...tables, ...SPLIT_TABLES].map((t) => sql`delete from ${sql.raw(t)} where venue_id = ${venueId} and day = any(${list}::date[])`),
    ...splitRebuildStatements(venueId, o, REFUSED),
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

/** dashboard_meta key of a venue's rollup version: a fresh random token each time a refresh changes them. */
const versionKey = (venueId: string) => `rollups:${venueId}`;

/** The venue's rollup version after giving it a new one (`renew`) or only one it lacks. */
async function storeVersion(tx: Db, venueId: string, renew: boolean): Promise<string> {
  const onConflict = renew ? sql`excluded.value` : sql`dashboard_meta.value`;
  const [v] = await rows<{ value: string }>(
    tx,
    sql`insert into dashboard_meta (key, value) values (${versionKey(venueId)}, gen_random_uuid()::text)
      on conflict (key) do update set value = ${onConflict} returning value`,
  );
  return v.value;
}

/**
 * Brings a venue's rollups up to date (see the file comment). Returns the number of days recomputed
 * and the venue's rollup version after it (a venue without one gets one). The version changes, in the same
 * transaction as the rebuild, whenever a refresh recomputes a day; the series cache keys on it.
 */
export async function refreshRollups(db: Db, venueId: string): Promise<{ days: number; version: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NS}, hashtext(${venueId}))`);
    // Read after the lock: a refresh that ran meanwhile has already cleared its days.
    const marks = await rows<{ day: string; gen: number }>(tx, sql`select to_char(day, 'YYYY-MM-DD') as day, gen from dashboard_dirty_days where venue_id = ${venueId}`);
    if (!marks.length) {
      // Rollups built before versions existed get one now (nothing to recompute: any later change bumps it).
      return { days: 0, version: await storeVersion(tx, venueId, false) };
    }
    for (const s of rebuildStatements(venueId, marks.map((m) => m.day))) await tx.execute(s);
    await tx.execute(sql`delete from dashboard_dirty_days d
      using unnest(${`{${marks.map((m) => m.day).join(',')}}`}::date[], ${`{${marks.map((m) => m.gen).join(',')}}`}::int[]) as m(day, gen)
      where d.venue_id = ${venueId} and d.day = m.day and d.gen = m.gen`);
    return { days: marks.length, version: await storeVersion(tx, venueId, true) };
  });
}

/**
 * The venue's rollup version once its rollups are up to date, in one query when nothing is dirty
 * (the version and whether any mark exists, both primary-key probes); a refresh otherwise (also the
 * first time, which gives the venue its version). A sale
 * committed before this call started is either in the rollups of the version returned or still
 * marked (then this call refreshes, which changes the version): a cached series keyed by the
 * version can never be older than the last write this reader could see.
 */
export async function freshVersion(db: Db, venueId: string): Promise<string> {
  const [r] = await rows<{ version: string | null; dirty: boolean }>(
    db,
    sql`select (select value from dashboard_meta where key = ${versionKey(venueId)}) as version,
      exists (select 1 from dashboard_dirty_days where venue_id = ${venueId}) as dirty`,
  );
  if (!r.dirty && r.version) return r.version;
  return (await refreshRollups(db, venueId)).version;
}

/** Refreshes every venue with dirty days (after a backfill or a bulk seed). */
export async function refreshAllRollups(db: Db): Promise<number> {
  const venues = await rows<{ venue_id: string }>(db, sql`select distinct venue_id from dashboard_dirty_days`);
  let n = 0;
  for (const v of venues) n += (await refreshRollups(db, v.venue_id)).days;
  return n;
}

// ---------------------------------------------------------------------------------------------
// The series, read from the rollups.

const only = (a: boolean | undefined, b: boolean | undefined) => (a ?? false) !== (b ?? false);

/**
 * The rollup table a read uses: dashboard_sales_<name>, or with the new/returning-customer filter
 * its split twin dashboard_split_<name> (dashboard.firsts.ts), whose rows `where` then restricts by
 * the customers' first day.
 */
const table = (name: 'hours' | 'products' | 'customers' | 'profiles' | 'regions', f: DashboardFilter) =>
  sql.raw(`${customerFilter(f) ? 'dashboard_split' : 'dashboard_sales'}_${name}`);

function where(venueId: string, f: DashboardFilter, p: Pick<Period, 'first' | 'last'>): SQL {
  const channel = only(f.IsInInternalChannel, f.IsInDeliveryChannel) ? sql`and r.delivery = ${!!f.IsInDeliveryChannel}` : sql``;
  const kind = customerFilter(f);
  const customers = kind ? sql`and ${firstDayCondition(kind, p)}` : sql``;
  return sql`r.venue_id = ${venueId} and r.day >= ${isoDay(p.first)}::date and r.day <= ${isoDay(p.last)}::date ${channel} ${customers}`;
}

/** Shares one read among the series that derive from it (the series cache, or nothing). */
export type Memo = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, read) => read();

/** What a read depends on besides the venue: the channel, the customer filter and the days. */
function readKey(name: string, venueId: string, f: DashboardFilter, p: Pick<Period, 'first' | 'last'>): string {
  const channel = only(f.IsInInternalChannel, f.IsInDeliveryChannel) ? (f.IsInDeliveryChannel ? 'delivery' : 'internal') : 'all';
  return `${name}|${venueId}|${channel}|${customerFilter(f) ?? 'all'}|${isoDay(p.first)}|${isoDay(p.last)}`;
}

type HourRow = { day: string; hour: number; orders: number; refused: number; revenueCents: number };

/** One read of dashboard_sales_hours per period: the cards, sales per day and the heat map all derive from it. */
async function readHours(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<HourRow[]> {
  const list = await rows<{ day: string; hour: number; orders: string; refused: string; revenue: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, hour, sum(orders)::text as orders, sum(refused)::text as refused, sum(revenue_cents)::text as revenue
      from ${table('hours', f)} r where ${where(venueId, f, p)} group by day, hour`,
  );
  return list.map((r) => ({ day: r.day, hour: Number(r.hour), orders: Number(r.orders), refused: Number(r.refused), revenueCents: Number(r.revenue) }));
}

/** One read of dashboard_sales_profiles: the gender and age charts both derive from it. */
async function readProfiles(db: Db, venueId: string, f: DashboardFilter, p: Period) {
  const list = await rows<{ gender: string | null; age: number | null; revenue: string }>(
    db,
    sql`select gender, age, sum(revenue_cents)::text as revenue from ${table('profiles', f)} r where ${where(venueId, f, p)} group by gender, age`,
  );
  return list.map((r) => ({ gender: r.gender, age: r.age === null ? null : Number(r.age), cents: Number(r.revenue) }));
}

async function readMostConsumed(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ item: string; qty: string; higher: string; average: string }>(
    db,
    sql`select name as item, sum(quantity)::text as qty, max(max_order_cents)::text as higher,
        (sum(revenue_cents)::numeric / sum(orders))::text as average
      from ${table('products', f)} r where ${where(venueId, f, p)}
      group by name order by sum(quantity) desc, name limit 10`,
  );
  return list.map((r) => ({ item: r.item, quantity: Number(r.qty), higherCents: Number(r.higher), averageCents: Number(r.average) }));
}

async function readByRegion(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<ConsumptionRow[]> {
  const list = await rows<{ city: string | null; uf: string | null; qty: number; higher: string; average: string }>(
    db,
    sql`select city, uf, sum(orders)::int as qty, max(max_order_cents)::text as higher,
        (sum(revenue_cents)::numeric / sum(orders))::text as average
      from ${table('regions', f)} r where ${where(venueId, f, p)}
      group by city, uf order by sum(orders) desc, city nulls last, uf nulls last limit 10`,
  );
  return list.map((r) => ({
    item: r.city ? (r.uf ? `${r.city}/${r.uf}` : r.city) : '',
    quantity: Number(r.qty),
    higherCents: Number(r.higher),
    averageCents: Number(r.average),
  }));
}

async function readTopCustomers(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<CustomerRow[]> {
  // Sums per customer first (a plain hash aggregate), then the latest name of the ten only.
  const list = await rows<{ name: string; orders: number; total: string; average: string }>(
    db,
    sql`with top as (
        select customer_key, sum(orders) as orders, sum(revenue_cents) as revenue
        from ${table('customers', f)} r where ${where(venueId, f, p)}
        group by customer_key order by sum(revenue_cents) desc, customer_key limit 10)
      select (select r.last_name from ${table('customers', f)} r
              where ${where(venueId, f, p)} and r.customer_key = top.customer_key
              order by r.last_at desc, r.last_name desc limit 1) as name,
        top.orders::int as orders, top.revenue::text as total, (top.revenue::numeric / top.orders)::text as average
      from top order by top.revenue desc, top.customer_key`,
  );
  return list.map((r) => ({ name: r.name, orders: Number(r.orders), totalCents: Number(r.total), averageCents: Number(r.average) }));
}

/**
 * The series read from the rollups (same answers as dashboard.repository.ts), the split ones under
 * the new/returning-customer filter.
 * Five reads serve the thirteen calls; `memo` shares each read among the calls that need it.
 */
export function rollupSource(memo: Memo = noMemo) {
  const hours = (db: Db, venueId: string, f: DashboardFilter, p: Period) => memo(readKey('hours', venueId, f, p), () => readHours(db, venueId, f, p));
  const profiles = (db: Db, venueId: string, f: DashboardFilter, p: Period) => memo(readKey('profiles', venueId, f, p), () => readProfiles(db, venueId, f, p));
  return {
    async totals(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Totals> {
      const t: Totals = { orders: 0, refused: 0, revenueCents: 0 };
      for (const r of await hours(db, venueId, f, p)) {
        t.orders += r.orders;
        t.refused += r.refused;
        t.revenueCents += r.revenueCents;
      }
      return t;
    },
    async perDay(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<DayRow[]> {
      const byDay = new Map<string, DayRow>(periodDays(p).map((d) => [isoDay(d), { day: isoDay(d), orders: 0, revenueCents: 0 }]));
      for (const r of await hours(db, venueId, f, p)) {
        const d = byDay.get(r.day);
        if (!d) continue;
        d.orders += r.orders;
        d.revenueCents += r.revenueCents;
      }
      return [...byDay.values()];
    },
    async hourly(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<number[][]> {
      const cents = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      for (const r of await hours(db, venueId, f, p)) cents[dayOfWeek(r.day)][r.hour] += r.revenueCents;
      return cents.map((row) => row.map((c) => Math.round(c) / 100));
    },
    mostConsumed: (db: Db, venueId: string, f: DashboardFilter, p: Period) =>
      memo(readKey('products', venueId, f, p), () => readMostConsumed(db, venueId, f, p)),
    byRegion: (db: Db, venueId: string, f: DashboardFilter, p: Period) => memo(readKey('regions', venueId, f, p), () => readByRegion(db, venueId, f, p)),
    topCustomers: (db: Db, venueId: string, f: DashboardFilter, p: Period) =>
      memo(readKey('customers', venueId, f, p), () => readTopCustomers(db, venueId, f, p)),
    async byGender(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ gender: string | null; cents: number }>> {
      const sums = new Map<string | null, number>();
      for (const r of await profiles(db, venueId, f, p)) sums.set(r.gender, (sums.get(r.gender) ?? 0) + r.cents);
      return [...sums].map(([gender, cents]) => ({ gender, cents }));
    },
    async byAge(db: Db, venueId: string, f: DashboardFilter, p: Period): Promise<Array<{ age: number | null; cents: number }>> {
      const sums = new Map<number | null, number>();
      for (const r of await profiles(db, venueId, f, p)) sums.set(r.age, (sums.get(r.age) ?? 0) + r.cents);
      return [...sums].map(([age, cents]) => ({ age, cents }));
    },
  };
}

/** 0 = Sunday, of an ISO day (as extract(dow) gives it). */
function dayOfWeek(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
