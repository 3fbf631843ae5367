/**
 * Writes the orders that the dashboard's property tests generate (rollups.test.ts, novos.test.ts):
 * each order on a São Paulo wall-clock day and time counted from a base day, with its items from the
 * test's menu and its customer from the test's list.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { orderItems, orders } from '../../../src/server/db/schema/orders';
import { addDays, dayFromIso, isoDay } from '../../../src/shared/dashboard';

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
