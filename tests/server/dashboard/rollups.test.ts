/**
 * The dashboard's rollups give exactly the raw SQL's answers (dashboard.repository.ts) for all
 * thirteen calls, on random orders around São Paulo midnight (and across the 2018 daylight-saving
 * change), after random edits, refusals, deletions and moves, with reads in between (so rollups
 * already built must follow the later writes).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardAnswer } from '../../../src/server/modules/dashboard/dashboard.routes';
import type { DashboardFilter } from '../../../src/shared/contract/dashboard';
import { checkPeriod } from '../../../src/shared/dashboard';
import { useTestApp } from '../../setup/server';
import { expectRollupsFollowWrites, insertGenerated, wall } from './generated-orders';

const t = useTestApp();

const CUSTOMERS = [
  { Nome: 'Ana', CPF: '111.444.777-35', Telefone: '(11) 90000-0001', Sexo: 'F', DataNascimento: '1990-03-02', Endereco: { Cidade: 'São Paulo', UF: 'SP' } },
  { Nome: 'Ana Paula', CPF: '111.444.777-35', Telefone: '', Sexo: 'F', DataNascimento: '1990-03-02', Endereco: { Cidade: 'São Paulo', UF: 'sp' } },
  { Nome: 'Bruno', CPF: null, Telefone: '(11) 99999-0001', Sexo: 'M', DataNascimento: '2008-02-29', Endereco: null },
  { Nome: 'Carla', CPF: '529.982.247-25', Telefone: '', Endereco: { Cidade: 'Santos', UF: 'SP' } },
  { Nome: 'Dani', CPF: null, Telefone: '(21) 98888-0002', Sexo: 'O', DataNascimento: '1950-12-31', Endereco: { Cidade: 'Santos', UF: 'RJ' } },
  { Nome: 'Mesa 4', CPF: null, Telefone: '', Endereco: null },
];
const MENU: Array<[string, number]> = [['Pizza', 2000], ['Refri', 700], ['Chope', 1290], ['Salada', 2500]];
/** São Paulo wall-clock times that sit on or next to a day boundary, and some ordinary ones. */
const TIMES = ['00:00:00', '00:00:01', '00:30:00', '01:15:00', '02:59:59', '03:00:00', '12:30:00', '20:59:59', '21:00:00', '23:00:00', '23:59:59'];
/** Around the end of daylight saving (2018-02-18 00:00 went back to 2018-02-17 23:00) and an ordinary March. */
const BASES = ['2018-02-12', '2025-03-01'];
const WINDOW_DAYS = 10;

const item = fc.tuple(fc.integer({ min: 0, max: MENU.length - 1 }), fc.integer({ min: 1, max: 4 }));
const order = fc.record({
  day: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
  time: fc.constantFrom(...TIMES),
  kind: fc.constantFrom(1, 2, 3),
  state: fc.constantFrom(1, 4, 5, 5, 6),
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  items: fc.array(item, { minLength: 1, maxLength: 3 }),
});
const edit = fc.record({
  target: fc.nat(),
  op: fc.constantFrom('refuse', 'restore', 'total', 'move', 'kind', 'delete', 'itemQty', 'itemDelete', 'itemAdd', 'profile'),
  day: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
  time: fc.constantFrom(...TIMES),
  n: fc.integer({ min: 1, max: 9 }),
});
const filter = fc.constantFrom<DashboardFilter>(
  { InitialPeriod: '', FinalPeriod: '' },
  { InitialPeriod: '', FinalPeriod: '', IsInDeliveryChannel: true },
  { InitialPeriod: '', FinalPeriod: '', IsInInternalChannel: true },
  { InitialPeriod: '', FinalPeriod: '', IsInDeliveryChannel: true, IsInInternalChannel: true },
);

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
type OrderIn = Of<typeof order>;
type EditIn = Of<typeof edit>;

const insert = (venueId: string, base: string, list: OrderIn[], code: { next: number }) =>
  insertGenerated(t.db.db, venueId, base, list, code, { customers: CUSTOMERS, menu: MENU });

async function apply(ids: string[], base: string, e: EditIn) {
  if (!ids.length) return;
  const id = ids[e.target % ids.length];
  const db = t.db.db;
  switch (e.op) {
    case 'refuse':
      return db.execute(sql`update orders set state_id = 6 where id = ${id}`);
    case 'restore':
      return db.execute(sql`update orders set state_id = 5 where id = ${id}`);
    case 'total':
      return db.execute(sql`update orders set total_cents = total_cents + ${e.n * 100} where id = ${id}`);
    case 'move':
      return db.execute(sql`update orders set created_at = ${wall(base, e.day, e.time)} where id = ${id}`);
    case 'kind':
      return db.execute(sql`update orders set delivery_kind = ${(e.n % 3) + 1} where id = ${id}`);
    case 'delete':
      ids.splice(ids.indexOf(id), 1);
      return db.execute(sql`delete from orders where id = ${id}`);
    case 'itemQty':
      return db.execute(sql`update order_items set quantity = ${e.n} where order_id = ${id} and position = 0`);
    case 'itemDelete':
      return db.execute(sql`delete from order_items where order_id = ${id} and position = (select max(position) from order_items where order_id = ${id})`);
    case 'itemAdd':
      return db.execute(sql`insert into order_items (order_id, position, name, quantity, unit_cents)
        values (${id}, 100 + ${e.n}, ${MENU[e.n % MENU.length][0]}, ${e.n}, ${MENU[e.n % MENU.length][1] + e.n})`);
    case 'profile':
      return db.execute(sql`update dashboard_order_customers set city = ${e.n % 2 ? 'Osasco' : null}, gender = ${e.n % 3 ? 'M' : null},
        birth_date = ${e.n % 2 ? '1999-02-17' : null} where order_id = ${id}`);
  }
}

describe('dashboard rollups', () => {
  it('answer every call exactly like the raw SQL, through inserts, edits, refusals and deletions', async () => {
    const venueId = t.seed.venues.restaurant;
    const code = { next: 50_000 };
    await expectRollupsFollowWrites(t.db.db, venueId, {
      bases: BASES,
      first: fc.array(order, { minLength: 1, maxLength: 14 }),
      edits: fc.array(edit, { maxLength: 8 }),
      later: fc.array(order, { maxLength: 4 }),
      startDay: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
      windowDays: WINDOW_DAYS,
      filter,
      insert: (base, list) => insert(venueId, base, list, code),
      apply,
      runs: Number(process.env.DASHBOARD_ROLLUP_RUNS ?? 25),
    });
    // Nothing is left dirty once read.
    const left = (await t.db.db.execute(sql`select count(*)::int as n from dashboard_dirty_days where venue_id = ${venueId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0].n).toBe(0);
  }, 300_000);

  it('keeps a write made after a read: the day is marked again and the next read recomputes it', async () => {
    const venueId = t.seed.venues.restaurant;
    const checked = checkPeriod('01/03/2025', '01/03/2025');
    if (!checked.ok) throw new Error(checked.message);
    const f: DashboardFilter = { InitialPeriod: '01/03/2025', FinalPeriod: '01/03/2025' };
    const code = { next: 60_000 };
    const [id] = await insert(venueId, '2025-03-01', [{ day: 0, time: '23:59:59', kind: 1, state: 5, customer: 0, items: [[0, 2]] }], code);
    expect(await dashboardAnswer(t.db.db, venueId, 'Revenues', f, checked.period)).toMatchObject({ NewValue: 40 });
    await t.db.db.execute(sql`update orders set state_id = 6 where id = ${id}`);
    expect(await dashboardAnswer(t.db.db, venueId, 'Revenues', f, checked.period)).toMatchObject({ NewValue: 0 });
    expect(await dashboardAnswer(t.db.db, venueId, 'RefusedOrders', f, checked.period)).toMatchObject({ NewValue: 1 });
    // 00:00 of the next day in São Paulo is another day.
    await t.db.db.execute(sql`update orders set state_id = 5, created_at = '2025-03-02T03:00:00Z' where id = ${id}`);
    expect(await dashboardAnswer(t.db.db, venueId, 'TotalOrders', f, checked.period)).toMatchObject({ NewValue: 0 });
  });
});
