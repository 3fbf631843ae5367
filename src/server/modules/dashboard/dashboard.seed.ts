/**
 * A year of realistic sales history for the demo restaurant, generated in set-based SQL with a
 * seeded generator (setseed + random(), so the same figures every time): regular and new customers
 * with gender, birth date and city, lunch and dinner peaks, busier weekends, slow growth over the
 * year, about 4 % refused orders, delivery, pickup and table orders, a menu with sensible prices.
 * Orders go into the order board's own tables (final states, no chime), numbered after the venue's
 * last order code; the dashboard's trigger records their customers.
 *
 * Not part of the per-test demo seed (tests re-seed before every test): `npm start` on an empty
 * database and `npm run seed:demo` call it; the benchmark calls it with a million items.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshRollups } from './dashboard.rollups';

export interface HistoryOptions {
  /** Days of history before today (São Paulo); today is left to the order board. */
  days?: number;
  /** Average orders per day (weekends and the end of the year get more). */
  ordersPerDay?: number;
  /** Distinct customers who may order. */
  customers?: number;
  /** Seed of the generator, in [-1, 1]. */
  seed?: number;
}

const MENU: Array<[name: string, cents: number, weight: number]> = [
  ['X-Burger artesanal', 3290, 14],
  ['Feijoada individual', 4590, 6],
  ['Porção de batata frita', 2890, 10],
  ['Chope 300 ml', 1290, 16],
  ['Salada Caesar', 3190, 5],
  ['Parmegiana de frango', 4290, 8],
  ['Pudim', 1490, 6],
  ['Pizza margherita', 5490, 9],
  ['Combo executivo', 3590, 9],
  ['Lasanha à bolonhesa', 3990, 5],
  ['Hambúrguer vegano', 3490, 4],
  ['Caipirinha de limão', 1890, 8],
  ['Açaí 500 ml', 2290, 5],
  ['Risoto de cogumelos', 4890, 3],
  ['Refrigerante lata', 700, 14],
  ['Suco de laranja', 990, 7],
  ['Água mineral', 500, 6],
];

const FEMALE = ['Ana', 'Beatriz', 'Camila', 'Fernanda', 'Gabriela', 'Juliana', 'Larissa', 'Mariana', 'Patrícia', 'Renata', 'Sofia', 'Aline', 'Bruna', 'Carolina', 'Daniela', 'Helena', 'Isabela', 'Letícia', 'Natália', 'Vanessa'];
const MALE = ['André', 'Bruno', 'Carlos', 'Diego', 'Eduardo', 'Felipe', 'Gustavo', 'Henrique', 'Igor', 'João', 'Lucas', 'Marcelo', 'Paulo', 'Rafael', 'Rodrigo', 'Thiago', 'Vinícius', 'Leonardo', 'Mateus', 'Pedro'];
const OTHER = ['Alex', 'Ariel', 'Dani', 'Sam'];
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nunes', 'Mendes'];
/** Where customers live, repeated by weight (São Paulo and its metropolitan area). */
const CITIES: Array<[city: string, weight: number]> = [
  ['São Paulo', 62], ['Guarulhos', 7], ['Osasco', 6], ['Santo André', 5], ['São Bernardo do Campo', 5], ['Barueri', 4],
  ['Taboão da Serra', 3], ['Diadema', 3], ['São Caetano do Sul', 2], ['Cotia', 2], ['Carapicuíba', 1],
];
/** Hours an order is placed at, repeated by weight: lunch and dinner peaks. */
const HOURS: Array<[hour: number, weight: number]> = [
  [10, 1], [11, 6], [12, 12], [13, 10], [14, 4], [15, 2], [16, 2], [17, 3], [18, 6], [19, 11], [20, 13], [21, 10], [22, 5], [23, 2],
];

const expand = <T>(list: Array<[T, number]>): T[] => list.flatMap(([v, w]) => Array.from({ length: w }, () => v));
const textArray = (list: readonly string[]) => sql.raw(`(array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[])`);
/** A number written into SQL (CREATE TABLE AS takes no parameters); only numbers from this file. */
const num = (n: number) => sql.raw(String(Number(n)));
const intArray = (list: readonly number[]) => sql.raw(`(array[${list.map((n) => String(Math.trunc(n))).join(',')}]::int[])`);

export interface HistoryResult {
  orders: number;
  items: number;
}

export async function seedSalesHistory(db: Db, venueId: string, opts: HistoryOptions = {}): Promise<HistoryResult> {
  const days = opts.days ?? 365;
  const perDay = opts.ordersPerDay ?? 60;
  const customers = opts.customers ?? Math.max(200, Math.round(days * perDay * 0.08));
  const menuIdx = expand(MENU.map(([, , w], i) => [i + 1, w] as [number, number]));
  const cities = expand(CITIES);
  const hours = expand(HOURS);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${opts.seed ?? 0.2026})`);
    // Foreign-key checks are row triggers and cost ~85 % of the time here; the rows are consistent by
    // construction, so a superuser (PGlite always) skips them for this transaction only. Without
    // the privilege everything still runs, just slower, and the dashboard's trigger fills customers.
    const su = (await tx.execute(sql`select rolsuper from pg_roles where rolname = current_user`)) as unknown as { rows: Array<{ rolsuper: boolean }> };
    if (su.rows[0]?.rolsuper) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`create temp table h_customers on commit drop as
      select i, g.gender,
        (case g.gender when 'F' then ${textArray(FEMALE)}[1 + floor(random() * ${num(FEMALE.length)})::int]
                       when 'M' then ${textArray(MALE)}[1 + floor(random() * ${num(MALE.length)})::int]
                       else ${textArray(OTHER)}[1 + floor(random() * ${num(OTHER.length)})::int] end)
          || ' ' || ${textArray(SURNAMES)}[1 + floor(random() * ${num(SURNAMES.length)})::int] as name,
        '(11) 9' || lpad(((i * 7919) % 90000000 + 10000000)::text, 8, '0') as phone,
        -- Born 1959 to 2009 (17 to 67 years old in 2026), most of them 20 to 45.
        (date '2009-01-01' - (floor(random() * 2500 + power(random(), 2) * 16000))::int) as birth,
        ${textArray(cities)}[1 + floor(random() * ${num(cities.length)})::int] as city
      from generate_series(1, ${num(customers)}) i,
        -- "+ 0 * i" ties the draw to the row: an uncorrelated subquery would run once.
        lateral (select case when random() + 0 * i < 0.52 then 'F' when random() < 0.95 then 'M' else 'O' end as gender) g`);
    await tx.execute(sql`create temp table h_orders on commit drop as
      with d as (
        select d::date as day, extract(dow from d)::int as dow, row_number() over (order by d) as n
        from generate_series((now() at time zone 'America/Sao_Paulo')::date - ${num(days)}::int,
                             (now() at time zone 'America/Sao_Paulo')::date - 1, interval '1 day') d
      ), c as (
        select day, n, greatest(1, round(${num(perDay)}::numeric
          * (case dow when 5 then 1.35 when 6 then 1.5 when 0 then 1.2 when 1 then 0.7 else 0.85 end)
          * (0.85 + 0.3 * random()::numeric) * (0.8 + 0.4 * n / ${num(days)}::numeric)))::int as k
        from d
      )
      select gen_random_uuid() as id, o.*,
        case when o.kind = 3 and random() < 0.6 then null
             else 1 + floor(power(random(), 1.6) * ${num(customers)} * (0.35 + 0.65 * o.n / ${num(days)}::numeric))::int end as customer,
        case when random() < 0.04 then 6 else 5 end as state,
        1 + floor(random() * 5)::int as payment,
        case when o.kind = 1 and random() < 0.4 then 2 else 1 end as origin,
        1 + floor(random() * random() * 5)::int as nitems
      from (
        select c.day, c.n, s,
          ((c.day + make_interval(hours => ${intArray(hours)}[1 + floor(random() * ${num(hours.length)})::int], mins => floor(random() * 60)::int, secs => floor(random() * 60)::int))
            at time zone 'America/Sao_Paulo') as created_at,
          case when random() < 0.45 then 1 when random() < 0.36 then 2 else 3 end as kind,
          1 + floor(random() * 20)::int as table_no
        from c, generate_series(1, c.k) s
      ) o`);
    await tx.execute(sql`create temp table h_items on commit drop as
      select o.id as order_id, p as position, m.idx as menu,
        1 + (random() < 0.2)::int + (random() < 0.05)::int as qty
      from h_orders o, generate_series(0, o.nitems - 1) p,
        lateral (select ${intArray(menuIdx)}[1 + floor(random() * ${num(menuIdx.length)} + 0 * p)::int] as idx) m`);
    await tx.execute(sql`
      with last as (select greatest(coalesce(max(code), 0), (select coalesce(max(last_order_code), 0) from kds_settings where venue_id = ${venueId})) as code
        from orders where venue_id = ${venueId}),
      menu as (select * from unnest(${textArray(MENU.map((m) => m[0]))}, ${intArray(MENU.map((m) => m[1]))}) with ordinality as m(name, cents, idx)),
      totals as (select i.order_id, sum(i.qty * menu.cents) as cents from h_items i join menu on menu.idx = i.menu group by i.order_id)
      insert into orders (id, venue_id, code, tracking_code, created_at, updated_at, origin, delivery_kind, table_name, customer,
                          search_text, payment_type_id, delivery_fee_cents, total_cents, state_id, state_changed_at, signal)
      -- No random() below: join order follows random uuids, so every draw happens in the temp tables.
      select o.id, ${venueId}, last.code + row_number() over (order by o.created_at, o.day, o.s), replace(gen_random_uuid()::text, '-', ''),
        o.created_at, o.created_at + interval '40 minutes', o.origin, o.kind,
        case when o.kind = 3 then 'Mesa ' || o.table_no end,
        case when c.i is null then jsonb_build_object('Nome', 'Mesa ' || o.table_no, 'CPF', null, 'Telefone', '', 'Endereco', null)
             else jsonb_build_object('Nome', c.name, 'CPF', null, 'Telefone', c.phone, 'Sexo', c.gender, 'DataNascimento', c.birth::text,
               'Endereco', case when o.kind = 1 then jsonb_build_object('Logradouro', 'Rua ' || c.i, 'Numero', (c.i % 900 + 1)::text,
                 'Complemento', '', 'Bairro', 'Centro', 'Cidade', c.city, 'UF', 'SP', 'CEP', '01000000', 'Referencia', '') end) end,
        '', o.payment, case when o.kind = 1 then 700 else 0 end, t.cents + case when o.kind = 1 then 700 else 0 end,
        o.state, o.created_at + interval '40 minutes', false
      from h_orders o cross join last join totals t on t.order_id = o.id left join h_customers c on c.i = o.customer`);
    await tx.execute(sql`
      with menu as (select * from unnest(${textArray(MENU.map((m) => m[0]))}, ${intArray(MENU.map((m) => m[1]))}) with ordinality as m(name, cents, idx))
      insert into order_items (order_id, position, name, quantity, unit_cents)
      select i.order_id, i.position, menu.name, i.qty, menu.cents from h_items i join menu on menu.idx = i.menu`);
    // Customers who picked up or sat at a table still live somewhere: the region chart uses it.
    await tx.execute(sql`
      insert into dashboard_order_customers (order_id, venue_id, created_at, customer_key, customer_name, gender, birth_date, city, uf)
      select o.id, ${venueId}, o.created_at, regexp_replace(c.phone, '[^0-9]', '', 'g'), coalesce(c.name, 'Mesa ' || o.table_no), c.gender, c.birth, c.city, case when c.i is not null then 'SP' end
      from h_orders o left join h_customers c on c.i = o.customer
      on conflict (order_id) do update set city = coalesce(excluded.city, dashboard_order_customers.city), uf = coalesce(excluded.uf, dashboard_order_customers.uf)`);
    await tx.execute(sql`update kds_settings set last_order_code = (select max(code) from orders where venue_id = ${venueId}) where venue_id = ${venueId}`);
    const res = (await tx.execute(sql`select (select count(*) from h_orders)::int as orders, (select count(*) from h_items)::int as items`)) as unknown as {
      rows: Array<{ orders: number; items: number }>;
    };
    return { orders: Number(res.rows[0].orders), items: Number(res.rows[0].items) };
  });
  // The dashboard's triggers (when installed) marked the new days; build their rollups now, set-based,
  // rather than on the first dashboard read. Without the triggers the next start's backfill does it.
  await refreshRollups(db, venueId);
  return result;
}

/**
 * The demo's year of history (npm start on an empty database, npm run seed:demo):
 * DEMO_SALES_HISTORY_DAYS days (default 365; 0 turns it off).
 */
export async function seedDemoSalesHistory(db: Db, restaurantId: string, env: Record<string, string | undefined> = process.env): Promise<HistoryResult | null> {
  const raw = env.DEMO_SALES_HISTORY_DAYS;
  const days = raw === undefined || raw === '' ? 365 : Math.max(0, Math.min(3650, Math.trunc(Number(raw)) || 0));
  if (days === 0) return null;
  return seedSalesHistory(db, restaurantId, { days });
}
