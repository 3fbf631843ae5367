/**
 * The new/returning-customer filter of the sales dashboard (spec 001 "Dashboard" filter IsNew,
 * IsOld; src/shared/dashboard.ts: new = first order at the venue inside the period, old = ordered
 * before it), answered from rollups instead of every order of the period:
 * - dashboard_customer_firsts holds each identified customer's first order at the venue (over
 *   dashboard_order_customers, any state and channel, as the raw SQL of dashboard.repository.ts
 *   reads it). A statement-level trigger on dashboard_order_customers (ENABLE ALWAYS, like the
 *   rollups' marks) keeps it in the writer's transaction: an insert can only move a first earlier,
 *   a delete or an update recomputes the keys it touched. When a customer's first day moves, every
 *   day that customer ordered on is marked dirty, so the split rollups follow.
 * - The split rollups (dashboard_split_*, rebuilt with the other rollups by dashboard.rollups.ts)
 *   carry the first day of each order's customer, so "new in a period starting on F" is
 *   first_day >= F and "returning" is first_day < F, summed over small rows.
 * The first day is taken at the period's fixed offset (UTC-3, how a period's start instant is
 * computed), so first_day >= F is exactly "first order at or after the period's start".
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilter } from '../../../shared/contract/dashboard';
import { DASHBOARD_TZ, isoDay, SAO_PAULO_OFFSET_HOURS, type Period } from '../../../shared/dashboard';

/** The fixed-offset day of an instant expression (SQL text). */
export const fixedDay = (col: string) => `((${col} at time zone 'UTC') - interval '${SAO_PAULO_OFFSET_HOURS} hours')::date`;
/** The São Paulo day of an instant expression (SQL text). */
export const localDay = (col: string) => `(${col} at time zone '${DASHBOARD_TZ}')::date`;

/** Upserts the (venue_id, day) rows of `source` as dirty marks (only venues that still exist); the rollups' triggers use it too. */
export const mark = (source: string) => `
  insert into dashboard_dirty_days (venue_id, day)
  select distinct d.venue_id, d.day from (${source}) d
  where d.venue_id is not null and d.day is not null and exists (select 1 from venues v where v.id = d.venue_id)
  order by 1, 2
  on conflict (venue_id, day) do update set gen = dashboard_dirty_days.gen + 1;`;

/** Every day the customers of `keys` (venue_id, customer_key) ordered on. */
const daysOf = (keys: string) =>
  `select c.venue_id, ${localDay('c.created_at')} as day from dashboard_order_customers c join (${keys}) k on k.venue_id = c.venue_id and k.customer_key = c.customer_key`;

/** The exact first order of each key touched by `keys`: null when the customer has no order left. */
const recomputed = (keys: string) => `
  select k.venue_id, k.customer_key,
    (select min(c.created_at) from dashboard_order_customers c where c.venue_id = k.venue_id and c.customer_key = k.customer_key) as first_at
  from (select distinct venue_id, customer_key from (${keys}) s where customer_key is not null) k`;

/** Recomputes the firsts of the keys of `keys`, marking the days of every customer whose first moved. */
const recompute = (keys: string) => `
    ${mark(
      daysOf(`select m.venue_id, m.customer_key from (${recomputed(keys)}) m
        join dashboard_customer_firsts f on f.venue_id = m.venue_id and f.customer_key = m.customer_key
        where m.first_at is distinct from f.first_at`),
    )}
    delete from dashboard_customer_firsts f using (${recomputed(keys)}) m
      where f.venue_id = m.venue_id and f.customer_key = m.customer_key and m.first_at is null;
    insert into dashboard_customer_firsts (venue_id, customer_key, first_at, first_day)
    select m.venue_id, m.customer_key, m.first_at, ${fixedDay('m.first_at')} from (${recomputed(keys)}) m
    where m.first_at is not null and exists (select 1 from venues v where v.id = m.venue_id)
    order by 1, 2
    on conflict (venue_id, customer_key) do update set first_at = excluded.first_at, first_day = excluded.first_day
      where excluded.first_at is distinct from dashboard_customer_firsts.first_at;`;

export const FIRSTS_DDL = `
create or replace function dashboard_customer_firsts_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    -- A first that moves earlier (an order dated before the customer's known first): mark their days.
    ${mark(
      daysOf(`select n.venue_id, n.customer_key from (select venue_id, customer_key, min(created_at) as first_at from new_rows
        where customer_key is not null group by 1, 2) n
        join dashboard_customer_firsts f on f.venue_id = n.venue_id and f.customer_key = n.customer_key where n.first_at < f.first_at`),
    )}
    insert into dashboard_customer_firsts (venue_id, customer_key, first_at, first_day)
    select venue_id, customer_key, min(created_at), ${fixedDay('min(created_at)')} from new_rows
    where customer_key is not null and exists (select 1 from venues v where v.id = new_rows.venue_id)
    group by 1, 2 order by 1, 2
    on conflict (venue_id, customer_key) do update set first_at = excluded.first_at, first_day = excluded.first_day
      where excluded.first_at < dashboard_customer_firsts.first_at;
  elsif tg_op = 'DELETE' then
    -- A delete or an update may move a first either way: recompute the keys touched.
    ${recompute('select venue_id, customer_key from old_rows')}
  else
    ${recompute('select venue_id, customer_key from old_rows union select venue_id, customer_key from new_rows')}
  end if;
  return null;
end $$;
create or replace trigger dashboard_customer_firsts_ins after insert on dashboard_order_customers referencing new table as new_rows for each statement execute function dashboard_customer_firsts_sync();
create or replace trigger dashboard_customer_firsts_upd after update on dashboard_order_customers referencing old table as old_rows new table as new_rows for each statement execute function dashboard_customer_firsts_sync();
create or replace trigger dashboard_customer_firsts_del after delete on dashboard_order_customers referencing old table as old_rows for each statement execute function dashboard_customer_firsts_sync();
alter table dashboard_order_customers enable always trigger dashboard_customer_firsts_ins;
alter table dashboard_order_customers enable always trigger dashboard_customer_firsts_upd;
alter table dashboard_order_customers enable always trigger dashboard_customer_firsts_del;
`;

/** Every customer's first order from scratch (the backfill of a new rollup version; idempotent). */
export const FIRSTS_BACKFILL = `
delete from dashboard_customer_firsts;
insert into dashboard_customer_firsts (venue_id, customer_key, first_at, first_day)
select c.venue_id, c.customer_key, min(c.created_at), ${fixedDay('min(c.created_at)')}
from dashboard_order_customers c
where c.customer_key is not null and exists (select 1 from venues v where v.id = c.venue_id)
group by 1, 2;`;

export const SPLIT_TABLES = ['dashboard_split_hours', 'dashboard_split_products', 'dashboard_split_customers', 'dashboard_split_profiles', 'dashboard_split_regions'];

/**
 * The statements that rebuild the split rollups of the days of `o` (the same order rows the
 * unsplit rollups are rebuilt from: id, total_cents, state_id, delivery, local_at, day); only
 * orders whose customer is identified, each with its customer's first day.
 */
export function splitRebuildStatements(venueId: string, o: SQL, refused: number): SQL[] {
  const oc = sql`select o.*, c.customer_key, c.customer_name, c.gender, c.birth_date, c.city, c.uf, f.first_day
    from (${o}) o join dashboard_order_customers c on c.order_id = o.id
    join dashboard_customer_firsts f on f.venue_id = ${venueId} and f.customer_key = c.customer_key`;
  return [
    sql`insert into dashboard_split_hours (venue_id, day, first_day, hour, delivery, orders, refused, revenue_cents)
      select ${venueId}::uuid, o.day, o.first_day, extract(hour from o.local_at)::int, o.delivery,
        count(*) filter (where o.state_id <> ${refused}), count(*) filter (where o.state_id = ${refused}),
        coalesce(sum(o.total_cents) filter (where o.state_id <> ${refused}), 0)
      from (${oc}) o group by o.day, o.first_day, 4, o.delivery`,
    sql`insert into dashboard_split_products (venue_id, day, first_day, delivery, name, orders, quantity, revenue_cents, max_order_cents)
      select ${venueId}::uuid, day, first_day, delivery, name, count(*), sum(qty), sum(cents), max(cents)
      from (select o.day, o.first_day, o.delivery, i.name, i.order_id, sum(i.quantity) as qty, sum(i.quantity * i.unit_cents) as cents
            from (${oc}) o join order_items i on i.order_id = o.id
            where o.state_id <> ${refused}
            group by o.day, o.first_day, o.delivery, i.name, i.order_id) per_order
      group by day, first_day, delivery, name`,
    sql`insert into dashboard_split_customers (venue_id, day, delivery, customer_key, first_day, orders, revenue_cents, last_at, last_name)
      select ${venueId}::uuid, o.day, o.delivery, o.customer_key, min(o.first_day), count(*), sum(o.total_cents),
        max(o.local_at), (array_agg(o.customer_name order by o.local_at desc, o.customer_name desc))[1]
      from (${oc}) o where o.state_id <> ${refused}
      group by o.day, o.delivery, o.customer_key`,
    sql`insert into dashboard_split_profiles (venue_id, day, first_day, delivery, gender, age, orders, revenue_cents)
      select ${venueId}::uuid, o.day, o.first_day, o.delivery, o.gender, extract(year from age(o.day, o.birth_date))::int, count(*), sum(o.total_cents)
      from (${oc}) o where o.state_id <> ${refused}
      group by o.day, o.first_day, o.delivery, o.gender, 6`,
    sql`insert into dashboard_split_regions (venue_id, day, first_day, delivery, city, uf, orders, revenue_cents, max_order_cents)
      select ${venueId}::uuid, o.day, o.first_day, o.delivery, o.city, o.uf, count(*), sum(o.total_cents), max(o.total_cents)
      from (${oc}) o where o.state_id <> ${refused}
      group by o.day, o.first_day, o.delivery, o.city, o.uf`,
  ];
}

const only = (a: boolean | undefined, b: boolean | undefined) => (a ?? false) !== (b ?? false);

/** Whether the filter asks for new or for returning customers only. */
export const customerFilter = (f: DashboardFilter): 'new' | 'old' | null => (only(f.IsNew, f.IsOld) ? (f.IsNew ? 'new' : 'old') : null);

/** The condition on a split rollup row `r` for the filter in a period (new: first day inside it or later). */
export function firstDayCondition(kind: 'new' | 'old', p: Pick<Period, 'first'>): SQL {
  return kind === 'new' ? sql`r.first_day >= ${isoDay(p.first)}::date` : sql`r.first_day < ${isoDay(p.first)}::date`;
}
