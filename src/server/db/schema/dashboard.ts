/**
 * The sales dashboard's own table: one row per order with the order's customer as the dashboard
 * reads it (who they are across orders, gender, birth date, city), kept by a statement-level
 * trigger on orders (see modules/dashboard/dashboard.sql.ts). It lets "new or old customer" be
 * one index probe instead of a scan of every order's JSON, and keeps the orders table unchanged.
 */
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { venues } from './venues';

export const dashboardOrderCustomers = pgTable(
  'dashboard_order_customers',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** The order's creation instant (copied, so the probe needs no join). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** CPF digits, else phone digits; null for an anonymous order (a table with no customer). */
    customerKey: text('customer_key'),
    customerName: text('customer_name').notNull().default(''),
    /** F, M or O; null when the order's customer does not say. */
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    city: text('city'),
    uf: text('uf'),
  },
  (t) => [
    index('dashboard_order_customers_venue_created_idx').on(t.venueId, t.createdAt),
    index('dashboard_order_customers_venue_key_idx').on(t.venueId, t.customerKey, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Rollups (modules/dashboard/dashboard.rollups.ts): per venue and São Paulo day, recomputed from the
// orders for every day marked in dashboard_dirty_days. Refused orders count only in `refused`.

const venueRef = () =>
  uuid('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' });
const day = () => date('day', { mode: 'string' }).notNull();
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** Days whose rollups are out of date; `gen` grows with every write, so a refresh never drops a newer mark. */
export const dashboardDirtyDays = pgTable(
  'dashboard_dirty_days',
  {
    venueId: uuid('venue_id').notNull(),
    day: day(),
    gen: integer('gen').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day] })],
);

/** Orders, refusals and revenue per day, hour and channel (cards, sales per day, heat map). */
export const dashboardSalesHours = pgTable(
  'dashboard_sales_hours',
  {
    venueId: venueRef(),
    day: day(),
    hour: smallint('hour').notNull(),
    delivery: boolean('delivery').notNull(),
    orders: integer('orders').notNull(),
    refused: integer('refused').notNull(),
    revenueCents: cents('revenue_cents'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.hour, t.delivery] })],
);

/** Per day, channel and product: orders that had it, units, revenue and the most spent on it in one order. */
export const dashboardSalesProducts = pgTable(
  'dashboard_sales_products',
  {
    venueId: venueRef(),
    day: day(),
    delivery: boolean('delivery').notNull(),
    name: text('name').notNull(),
    orders: integer('orders').notNull(),
    quantity: cents('quantity'),
    revenueCents: cents('revenue_cents'),
    maxOrderCents: cents('max_order_cents'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.delivery, t.name] })],
);

/** Per day, channel and identified customer: orders, revenue and the name on their latest order. */
export const dashboardSalesCustomers = pgTable(
  'dashboard_sales_customers',
  {
    venueId: venueRef(),
    day: day(),
    delivery: boolean('delivery').notNull(),
    customerKey: text('customer_key').notNull(),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
    /** São Paulo wall time of the latest order and its customer name. */
    lastAt: timestamp('last_at', { withTimezone: false }).notNull(),
    lastName: text('last_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.day, t.delivery, t.customerKey] }),
    // The latest name of each of the ten best customers.
    index('dashboard_sales_customers_key_idx').on(t.venueId, t.customerKey, t.day),
  ],
);

/** Revenue per day, channel, gender and age in whole years at the order's day (nulls: not informed). */
export const dashboardSalesProfiles = pgTable(
  'dashboard_sales_profiles',
  {
    venueId: venueRef(),
    day: day(),
    delivery: boolean('delivery').notNull(),
    gender: text('gender'),
    age: integer('age'),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
  },
  (t) => [index('dashboard_sales_profiles_idx').on(t.venueId, t.day)],
);

/** Orders, revenue and the biggest order per day, channel and city/UF (nulls: not informed). */
export const dashboardSalesRegions = pgTable(
  'dashboard_sales_regions',
  {
    venueId: venueRef(),
    day: day(),
    delivery: boolean('delivery').notNull(),
    city: text('city'),
    uf: text('uf'),
    orders: integer('orders').notNull(),
    revenueCents: cents('revenue_cents'),
    maxOrderCents: cents('max_order_cents'),
  },
  (t) => [index('dashboard_sales_regions_idx').on(t.venueId, t.day)],
);

/** One row per key: "rollups" holds the version of the rollups' definition the data was built with. */
export const dashboardMeta = pgTable('dashboard_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
