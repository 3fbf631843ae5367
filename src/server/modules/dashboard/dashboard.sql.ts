/**
 * Keeps dashboard_order_customers in step with orders without touching the orders module: a
 * statement-level trigger (one set-based insert per INSERT statement, however many rows) copies the
 * order's customer as the dashboard reads it, and a backfill at start covers orders written while
 * the trigger was not there (a database seeded before the server first started, a restored dump).
 * Installed at plugin registration because drizzle-kit generates tables, not triggers; every
 * statement is idempotent and runs under an advisory lock, so many processes may start at once.
 * A customer field the dashboard cannot read becomes null: the trigger never fails an order.
 */
import type { DbHandle } from '../../db/client';
import { FIRSTS_BACKFILL, FIRSTS_DDL } from './dashboard.firsts';
import { MARK_ALL_SQL, refreshAllRollups, ROLLUP_DDL, ROLLUP_VERSION } from './dashboard.rollups';

/** The columns of dashboard_order_customers computed from an order row `o`. */
const PROFILE_SELECT = `
  o.id, o.venue_id, o.created_at,
  coalesce(
    nullif(regexp_replace(coalesce(o.customer->>'CPF', ''), '\\D', '', 'g'), ''),
    nullif(regexp_replace(coalesce(o.customer->>'Telefone', ''), '\\D', '', 'g'), '')
  ),
  coalesce(o.customer->>'Nome', ''),
  case upper(left(coalesce(o.customer->>'Sexo', o.customer->>'Genero', ''), 1)) when 'F' then 'F' when 'M' then 'M' when 'O' then 'O' else null end,
  dashboard_safe_date(o.customer->>'DataNascimento'),
  nullif(trim(o.customer->'Endereco'->>'Cidade'), ''),
  nullif(upper(trim(o.customer->'Endereco'->>'UF')), '')`;

const COLUMNS = '(order_id, venue_id, created_at, customer_key, customer_name, gender, birth_date, city, uf)';

export const DASHBOARD_DDL = `
select pg_advisory_xact_lock(424216);

create or replace function dashboard_safe_date(t text) returns date language plpgsql immutable as $$
begin
  if t is null or t !~ '^\\d{4}-\\d{2}-\\d{2}' then return null; end if;
  return left(t, 10)::date;
exception when others then
  return null;
end $$;

create or replace function dashboard_order_customers_sync() returns trigger language plpgsql as $$
begin
  insert into dashboard_order_customers ${COLUMNS}
  select ${PROFILE_SELECT} from new_orders o
  on conflict (order_id) do nothing;
  return null;
exception when others then
  -- Never fail an order because of the dashboard: the backfill at the next start fills the gap.
  raise warning 'dashboard_order_customers_sync: %', sqlerrm;
  return null;
end $$;

create or replace trigger dashboard_order_customers_sync
  after insert on orders referencing new table as new_orders
  for each statement execute function dashboard_order_customers_sync();
`;

export const DASHBOARD_BACKFILL = `
insert into dashboard_order_customers ${COLUMNS}
select ${PROFILE_SELECT} from orders o
where not exists (select 1 from dashboard_order_customers p where p.order_id = o.id)
on conflict (order_id) do nothing;
`;

/**
 * Triggers (idempotent), the customers' backfill, and the rollups' backfill: the first start with a
 * new ROLLUP_VERSION recomputes every customer's first order (dashboard.firsts.ts), marks every day of every venue dirty (one statement, under the same advisory
 * lock as the DDL, so of many processes starting at once exactly one does it) and rebuilds them.
 */
export async function installDashboardSql(db: DbHandle, opts: { wait?: boolean } = {}): Promise<void> {
  await db.exec(`begin; ${DASHBOARD_DDL} ${ROLLUP_DDL} ${FIRSTS_DDL} commit;`);
  await db.exec(DASHBOARD_BACKFILL);
  await db.exec(`begin;
    select pg_advisory_xact_lock(424216);
    do $$ begin
      if not exists (select 1 from dashboard_meta where key = 'rollups' and value = '${ROLLUP_VERSION}') then
        ${FIRSTS_BACKFILL}
        ${MARK_ALL_SQL}
        insert into dashboard_meta (key, value) values ('rollups', '${ROLLUP_VERSION}')
          on conflict (key) do update set value = excluded.value;
      end if;
    end $$;
    commit;`);
  // Rebuilt in the background: the server listens at once, and a dashboard read that comes first
  // refreshes its venue itself (waiting on the same per-venue lock, so nothing is done twice).
  if (opts.wait) await refreshAllRollups(db.db);
  else {
    refreshAllRollups(db.db).catch((err: unknown) =>
      process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'dashboard: rollups not rebuilt at start (the next read does it)', error: String(err) })}\n`),
    );
  }
}
