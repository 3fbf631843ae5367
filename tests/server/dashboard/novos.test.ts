/**
 * The new/returning-customer filter (spec 001 "Dashboard" filter IsNew, IsOld) read from the split
 * rollups gives exactly what the raw SQL over the orders gives (dashboard.repository.ts: new = no
 * order of the customer at the venue before the period's start), for all thirteen calls, through
 * inserts, back-dated orders that move a customer's first order earlier, deletions of a first
 * order, refusals, moves and re-keyed customers, with reads in between; and the firsts table holds
 * each customer's first order.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardAnswer } from '../../../src/server/modules/dashboard/dashboard.routes';
import { DASHBOARD_CALLS, type DashboardFilter } from '../../../src/shared/contract/dashboard';
import { checkPeriod } from '../../../src/shared/dashboard';
import { useTestApp } from '../../setup/server';
import { expectRollupsFollowWrites, insertGenerated, wall } from './generated-orders';
import { insertDataset } from './dataset';

const t = useTestApp();

const CUSTOMERS = [
  { Nome: 'Ana', CPF: '111.444.777-35', Telefone: '(11) 90000-0001', Sexo: 'F', DataNascimento: '1990-03-02', Endereco: { Cidade: 'São Paulo', UF: 'SP' } },
  { Nome: 'Ana P.', CPF: '111.444.777-35', Telefone: '', Sexo: 'F', Endereco: { Cidade: 'Osasco', UF: 'SP' } },
  { Nome: 'Bruno', CPF: null, Telefone: '(11) 99999-0001', Sexo: 'M', DataNascimento: '1980-02-29', Endereco: null },
  { Nome: 'Carla', CPF: '529.982.247-25', Telefone: '', Endereco: { Cidade: 'Santos', UF: 'SP' } },
  { Nome: 'Dani', CPF: null, Telefone: '(21) 98888-0002', Sexo: 'O', DataNascimento: '1950-12-31', Endereco: null },
  { Nome: 'Mesa 4', CPF: null, Telefone: '', Endereco: null },
];
const MENU: Array<[string, number]> = [['Pizza', 2000], ['Refri', 700], ['Chope', 1290]];
/** São Paulo wall clock: around midnight (the period's start) and ordinary hours. */
const TIMES = ['00:00:00', '00:00:01', '02:59:59', '03:00:00', '12:30:00', '21:00:00', '23:59:59'];
/** An ordinary March, and the end of daylight saving (2018-02-18). */
const BASES = ['2025-03-01', '2018-02-12'];
const WINDOW_DAYS = 12;

const order = fc.record({
  day: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
  time: fc.constantFrom(...TIMES),
  kind: fc.constantFrom(1, 2, 3),
  state: fc.constantFrom(1, 5, 5, 6),
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  items: fc.array(fc.tuple(fc.integer({ min: 0, max: MENU.length - 1 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 2 }),
});
/** An order on the window's first two days: before the period, so it may move a customer's first earlier. */
const early = order.map((o) => ({ ...o, day: o.day % 2 }));
const edit = fc.record({
  target: fc.nat(),
  op: fc.constantFrom('deleteFirst', 'delete', 'refuse', 'move', 'kind', 'rekey', 'anonymous'),
  day: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
  time: fc.constantFrom(...TIMES),
  n: fc.integer({ min: 0, max: 9 }),
});
const filter = fc.constantFrom<DashboardFilter>(
  { InitialPeriod: '', FinalPeriod: '', IsNew: true },
  { InitialPeriod: '', FinalPeriod: '', IsOld: true },
  { InitialPeriod: '', FinalPeriod: '', IsNew: true, IsInDeliveryChannel: true },
  { InitialPeriod: '', FinalPeriod: '', IsOld: true, IsInInternalChannel: true },
  { InitialPeriod: '', FinalPeriod: '', IsNew: true, IsOld: false },
);

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
type OrderIn = Of<typeof order>;
type EditIn = Of<typeof edit>;

const insert = (venueId: string, base: string, list: OrderIn[], code: { next: number }) =>
  insertGenerated(t.db.db, venueId, base, list, code, { customers: CUSTOMERS, menu: MENU });

async function apply(venueId: string, ids: string[], base: string, e: EditIn) {
  if (!ids.length) return;
  const id = ids[e.target % ids.length];
  const db = t.db.db;
  switch (e.op) {
    case 'deleteFirst': {
      // The earliest order of some customer: their first order moves later (or they disappear).
      const r = (await db.execute(sql`select order_id from dashboard_order_customers where venue_id = ${venueId} and customer_key is not null
        order by created_at, order_id offset ${e.n % 3} limit 1`)) as unknown as { rows: Array<{ order_id: string }> };
      const first = r.rows[0]?.order_id;
      if (!first) return;
      if (ids.includes(first)) ids.splice(ids.indexOf(first), 1);
      return db.execute(sql`delete from orders where id = ${first}`);
    }
    case 'delete':
      ids.splice(ids.indexOf(id), 1);
      return db.execute(sql`delete from orders where id = ${id}`);
    case 'refuse':
      return db.execute(sql`update orders set state_id = 6 where id = ${id}`);
    case 'move':
      return db.execute(sql`update orders set created_at = ${wall(base, e.day, e.time)} where id = ${id}`);
    case 'kind':
      return db.execute(sql`update orders set delivery_kind = ${(e.n % 3) + 1} where id = ${id}`);
    case 'rekey':
      // The dashboard's own copy of the customer changes: the old key's first and the new key's may both move.
      return db.execute(sql`update dashboard_order_customers set customer_key = ${`5551900000${e.n % 3}`} where order_id = ${id}`);
    case 'anonymous':
      return db.execute(sql`update dashboard_order_customers set customer_key = null where order_id = ${id}`);
  }
}

type Rows<T> = { rows: T[] };

describe('dashboard new/returning-customer filter', () => {
  it('answers every call exactly like the raw SQL over the orders, through back-dated orders and deleted first orders', async () => {
    const venueId = t.seed.venues.restaurant;
    const code = { next: 70_000 };
    await expectRollupsFollowWrites(t.db.db, venueId, {
      bases: BASES,
      first: fc.array(order, { minLength: 1, maxLength: 14 }),
      edits: fc.array(edit, { maxLength: 6 }),
      // Later inserts, dated before the period: a customer's known first order may move earlier.
      later: fc.array(early, { maxLength: 4 }),
      // The period starts after the window's first days, so customers may have ordered before it.
      startDay: fc.integer({ min: 2, max: WINDOW_DAYS - 1 }),
      windowDays: WINDOW_DAYS,
      filter,
      insert: (base, list) => insert(venueId, base, list, code),
      apply: (ids, base, e) => apply(venueId, ids, base, e),
      async after() {
        // The firsts table is each key's earliest order at the venue.
        const firsts = (await t.db.db.execute(sql`select customer_key, first_at::text as first_at from dashboard_customer_firsts
          where venue_id = ${venueId} order by customer_key`)) as unknown as Rows<{ customer_key: string; first_at: string }>;
        const expected = (await t.db.db.execute(sql`select customer_key, min(created_at)::text as first_at from dashboard_order_customers
          where venue_id = ${venueId} and customer_key is not null group by customer_key order by customer_key`)) as unknown as Rows<{ customer_key: string; first_at: string }>;
        expect(firsts.rows).toEqual(expected.rows);
      },
      runs: Number(process.env.DASHBOARD_ROLLUP_RUNS ?? 20),
    });
  }, 300_000);

  it('splits the known dataset: Bruno ordered before the period, so he is the only returning customer', async () => {
    const venueId = t.seed.venues.restaurant;
    await insertDataset(t.db.db, venueId);
    const checked = checkPeriod('01/03/2025', '07/03/2025');
    if (!checked.ok) throw new Error(checked.message);
    const base = { InitialPeriod: '01/03/2025', FinalPeriod: '07/03/2025' };
    const get = <C extends (typeof DASHBOARD_CALLS)[number]>(call: C, f: DashboardFilter) => dashboardAnswer(t.db.db, venueId, call, f, checked.period);
    // Returning: Bruno's order of 03/03 (R$ 25); his 25/02 order is before the period.
    expect(await get('TotalOrders', { ...base, IsOld: true })).toMatchObject({ NewValue: 1 });
    expect(await get('Revenues', { ...base, IsOld: true })).toMatchObject({ NewValue: 25 });
    expect(await get('TopCustomers', { ...base, IsOld: true })).toEqual([{ Name: 'Bruno Teste', Image: null, AverageConsumption: 25, Quantity: 1, TotalConsumption: 25 }]);
    // New: Ana (01/03 and 05/03) and Daniel (07/03); Carla's order was refused; the table has no customer.
    expect(await get('TotalOrders', { ...base, IsNew: true })).toMatchObject({ NewValue: 3 });
    expect(await get('RefusedOrders', { ...base, IsNew: true })).toMatchObject({ NewValue: 1 });
    expect((await get('TopCustomers', { ...base, IsNew: true })).map((c) => c.Name)).toEqual(['Ana Teste', 'Daniel Teste']);
    // An order of Daniel's dated before the period makes him a returning customer.
    await insertDataset(t.db.db, venueId, [{ at: '2025-02-20T12:00:00', kind: 2, state: 5, customer: { Nome: 'Daniel Teste', CPF: null, Telefone: '(11) 99999-0002', Endereco: null }, items: [['Refri', 1, 10]] }], 9100);
    expect(await get('TotalOrders', { ...base, IsOld: true })).toMatchObject({ NewValue: 2 });
    expect(await get('TotalOrders', { ...base, IsNew: true })).toMatchObject({ NewValue: 2 });
    // Deleting it makes him new again.
    await t.db.db.execute(sql`delete from orders where venue_id = ${venueId} and code = 9100`);
    expect(await get('TotalOrders', { ...base, IsOld: true })).toMatchObject({ NewValue: 1 });
    expect(await get('TotalOrders', { ...base, IsNew: true })).toMatchObject({ NewValue: 3 });
  });
});
