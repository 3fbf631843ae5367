/**
 * Writes the orders that the dashboard's property tests generate (rollups.test.ts, novos.test.ts):
 * each order on a São Paulo wall-clock day and time counted from a base day, with its items from the
 * test's menu and its customer from the test's list.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { orderItems, orders } from '../../../src/server/db/schema/orders';
import { SeriesCache } from '../../../src/server/modules/dashboard/dashboard.cache';
import { dashboardAll, dashboardAnswer, RAW_SOURCE, ROLLUP_SOURCE } from '../../../src/server/modules/dashboard/dashboard.routes';
import { DASHBOARD_CALLS, type DashboardFilter } from '../../../src/shared/contract/dashboard';
import { addDays, checkPeriod, dayFromIso, formatDateBR, isoDay, type Period } from '../../../src/shared/dashboard';

export interface GeneratedOrder {
  day: number;
  time: string;
  kind: number;
  state: number;
  customer: number;
  items: Array<[number, number]>;
}

/** The instant of a wall-clock time in São Paulo: the tz database decides it (2018 had daylight saving), like a real clock. */
export const wall = (base: string, day: number, time: string) =>
  sql`(${`${isoDay(addDays(dayFromIso(base), day))} ${time}`}::timestamp at time zone 'America/Sao_Paulo')`;

export async function insertGenerated(
  db: Db,
  venueId: string,
  base: string,
  list: GeneratedOrder[],
  code: { next: number },
  data: { customers: readonly unknown[]; menu: ReadonlyArray<[string, number]> },
): Promise<string[]> {
  const ids: string[] = [];
  for (const o of list) {
    const id = randomUUID();
    ids.push(id);
    const items = o.items.map(([m, q], position) => ({ orderId: id, position, name: data.menu[m][0], quantity: q, unitCents: data.menu[m][1] }));
    await db.insert(orders).values({
      id,
      venueId,
      code: code.next++,
      trackingCode: randomUUID(),
      createdAt: sql`${wall(base, o.day, o.time)}` as unknown as Date,
      origin: 1,
      deliveryKind: o.kind,
      customer: data.customers[o.customer] as never,
      paymentTypeId: 1,
      totalCents: items.reduce((s, i) => s + i.quantity * i.unitCents, 0),
      stateId: o.state,
    });
    await db.insert(orderItems).values(items);
  }
  return ids;
}

/** The checked period of `length` days that starts `startDay` days after the base day. */
export function periodAfter(base: string, startDay: number, length: number): Period {
  const start = addDays(dayFromIso(base), startDay);
  const checked = checkPeriod(formatDateBR(start), formatDateBR(addDays(start, length - 1)));
  if (!checked.ok) throw new Error(checked.message);
  return checked.period;
}

/**
 * Every dashboard call, as served (the screen's one request and the single call, both through the
 * process's cache) and read from the rollups, equals the raw SQL's answer over the orders.
 */
export async function expectEveryCallAsRaw(db: Db, venueId: string, f: DashboardFilter, period: Period, cache: SeriesCache, label: object): Promise<void> {
  const served = await dashboardAll(db, venueId, f, period, cache);
  for (const call of DASHBOARD_CALLS) {
    const raw = await dashboardAnswer(db, venueId, call, f, period, RAW_SOURCE);
    const named = `${call} ${JSON.stringify(label)}`;
    expect(await dashboardAnswer(db, venueId, call, f, period, ROLLUP_SOURCE), named).toEqual(raw);
    expect(served[call], named).toEqual(raw);
    expect(await dashboardAnswer(db, venueId, call, f, period, undefined, cache), named).toEqual(raw);
  }
}

/**
 * The rollups' property (rollups.test.ts, novos.test.ts): on random orders of a base day's window
 * (`first`), a read builds the rollups; then every edit and the `later` inserts must be followed:
 * every call answers as the raw SQL does, through one cache for every run as a server process keeps
 * it; `after` checks more at the end of a run.
 */
export async function expectRollupsFollowWrites<O, E>(
  db: Db,
  venueId: string,
  p: {
    bases: string[];
    first: fc.Arbitrary<O[]>;
    edits: fc.Arbitrary<E[]>;
    later: fc.Arbitrary<O[]>;
    startDay: fc.Arbitrary<number>;
    windowDays: number;
    filter: fc.Arbitrary<DashboardFilter>;
    insert(base: string, list: O[]): Promise<string[]>;
    apply(ids: string[], base: string, e: E): Promise<unknown>;
    after?(): Promise<void>;
    runs: number;
  },
): Promise<void> {
  const cache = new SeriesCache();
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...p.bases), p.first, p.edits, p.later, p.startDay, fc.integer({ min: 1, max: p.windowDays }), p.filter, async (base, first, edits, later, startDay, length, f) => {
      await db.execute(sql`delete from orders where venue_id = ${venueId}`);
      const ids = await p.insert(base, first);
      const period = periodAfter(base, startDay, length);
      // A read builds the rollups; every later write must be followed.
      await dashboardAnswer(db, venueId, 'TotalOrders', f, period, ROLLUP_SOURCE);
      for (const e of edits) await p.apply(ids, base, e);
      await p.insert(base, later);
      await expectEveryCallAsRaw(db, venueId, f, period, cache, { base, startDay, length, f });
      await p.after?.();
    }),
    { numRuns: p.runs, seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined },
  );
}
