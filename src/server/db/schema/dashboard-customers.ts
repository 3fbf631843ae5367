/**
 * The sales dashboard's new/returning-customer filter (spec 001 "Dashboard" filter IsNew, IsOld;
 * src/shared/dashboard.ts: new = first order at the venue inside the period, old = ordered before
 * it). Kept by the triggers of modules/dashboard/dashboard.sql.ts and rebuilt with the rollups
 * (dashboard.rollups.ts), so a filtered call reads small tables instead of every order of the period.
 */
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { venues } from './venues';

/**
 * Each identified customer's first order at the venue (over dashboard_order_customers: any state,
 * any channel), kept in the writer's transaction by a statement-level trigger on that table.
 */
export const dashboardCustomerFirsts = pgTable(
  'dashboard_customer_firsts',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** The key the dashboard identifies a customer by (dashboard_order_customers.customer_key). */
    customerKey: text('customer_key').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    /**
     * The day of first_at at the period's fixed offset (UTC-3, as a period's start is computed):
     * the customer is new in a period starting on day F exactly when first_day >= F.
     */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.customerKey] })],
);

// Rollups split by the customer's first day: only orders with an identified customer (the filter
// leaves anonymous orders out), same measures as the unsplit rollups of schema/dashboard.ts.

const venueRef = () =>
  uuid('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' });
const day = () => date('day', { mode: 'string' }).notNull();
const firstDay = () => date('first_day', { mode: 'string' }).notNull();
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const dashboardSplitHours = pgTable(
  'dashboard_split_hours',
  {
    venueId: venueRef(),
    day: day(),
    firstDay: firstDay(),
    hour: smallint('hour').notNull(),
    delivery: boolean('delivery').notNull(),
    orders: integer('orders').notNull(),
    refused: integer('refused').notNull(),
    revenueCents: cents('revenue_cents'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.firstDay, t.hour, t.delivery] })],
);

export const dashboardSplitProducts = pgTable(
  'dashboard_split_products',
  {
    venueId: venueRef(),
    day: day(),
    firstDay: firstDay(),
    delivery: boolean('delivery').notNull(),
    name: text('name').notNull(),
    orders: integer('orders').notNull(),
    quantity: cents('quantity'),
    revenueCents: cents('revenue_cents'),
    maxOrderCents: cents('max_order_cents'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.firstDay, t.delivery, t.name] })],
);

export const dashboardSplitProfiles = pgTable(
  'dashboard_split_profiles',
  {
    venueId: venueRef(),
    day: day(),
    firstDay: firstDay(),
    delivery: boolean('delivery').notNull(),
    gender: text('gender'),
    age: integer('age'),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
  },
  (t) => [index('dashboard_split_profiles_idx').on(t.venueId, t.day)],
);

export const dashboardSplitRegions = pgTable(
  'dashboard_split_regions',
  {
    venueId: venueRef(),
    day: day(),
    firstDay: firstDay(),
    delivery: boolean('delivery').notNull(),
    city: text('city'),
    uf: text('uf'),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
    maxOrderCents: cents('max_order_cents'),
  },
  (t) => [index('dashboard_split_regions_idx').on(t.venueId, t.day)],
);

/** Per day, channel and identified customer, with their first day (top customers under the filter). */
export const dashboardSplitCustomers = pgTable(
  'dashboard_split_customers',
  {
    venueId: venueRef(),
    day: day(),
    delivery: boolean('delivery').notNull(),
    customerKey: text('customer_key').notNull(),
    firstDay: firstDay(),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
    lastAt: timestamp('last_at', { withTimezone: false }).notNull(),
    lastName: text('last_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.day, t.delivery, t.customerKey] }),
    index('dashboard_split_customers_key_idx').on(t.venueId, t.customerKey, t.day),
  ],
);
