/**
 * The sales dashboard's own table: one row per order with the order's customer as the dashboard
 * reads it (who they are across orders, gender, birth date, city), kept by a statement-level
 * trigger on orders (see modules/dashboard/dashboard.sql.ts). It lets "new or old customer" be
 * one index probe instead of a scan of every order's JSON, and keeps the orders table unchanged.
 */
import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bigCents, dayColumn, venueRef } from '../columns';
import { orders } from './orders';

export const dashboardOrderCustomers = pgTable(
  'dashboard_order_customers',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    venueId: venueRef(),
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

/** The key every rollup starts with: the venue and the São Paulo day. */
export const rollupDay = () => ({ venueId: venueRef(), day: dayColumn('day') });
/** Sales per hour and channel (cards, sales per day, heat map). */
export const hourMeasures = () => ({
  hour: smallint('hour').notNull(),
  delivery: boolean('delivery').notNull(),
  orders: integer('orders').notNull(),
  refused: integer('refused').notNull(),
  revenueCents: bigCents('revenue_cents'),
});
/** Per channel and product: orders that had it, units, revenue and the most spent on it in one order. */
export const productMeasures = () => ({
  delivery: boolean('delivery').notNull(),
  name: text('name').notNull(),
  orders: integer('orders').notNull(),
  quantity: bigCents('quantity'),
  revenueCents: bigCents('revenue_cents'),
  maxOrderCents: bigCents('max_order_cents'),
});
/** Per channel, gender and age in whole years (nulls: not informed). */
export const profileMeasures = () => ({
  delivery: boolean('delivery').notNull(),
  gender: text('gender'),
  age: integer('age'),
  orders: integer('orders').notNull(),
  revenueCents: bigCents('revenue_cents'),
});
/** Per channel and city/UF (nulls: not informed). */
export const regionMeasures = () => ({
  delivery: boolean('delivery').notNull(),
  city: text('city'),
  uf: text('uf'),
  orders: integer('orders').notNull(),
  revenueCents: bigCents('revenue_cents'),
  maxOrderCents: bigCents('max_order_cents'),
});
/** Per channel and identified customer. */
export const customerKey = () => ({
  delivery: boolean('delivery').notNull(),
  customerKey: text('customer_key').notNull(),
});
/** A customer's orders and revenue, and the São Paulo wall time and name of their latest order. */
export const customerMeasures = () => ({
  orders: integer('orders').notNull(),
  revenueCents: bigCents('revenue_cents'),
  lastAt: timestamp('last_at', { withTimezone: false }).notNull(),
  lastName: text('last_name').notNull(),
});

/** Days whose rollups are out of date; `gen` grows with every write, so a refresh never drops a newer mark. */
export const dashboardDirtyDays = pgTable(
  'dashboard_dirty_days',
  {
    venueId: uuid('venue_id').notNull(),
    day: dayColumn('day'),
    gen: integer('gen').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day] })],
);

/** Orders, refusals and revenue per day, hour and channel (cards, sales per day, heat map). */
export const dashboardSalesHours = pgTable(
  'dashboard_sales_hours',
  {
    ...rollupDay(),
    ...hourMeasures(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.hour, t.delivery] })],
);

/** Per day, channel and product: orders that had it, units, revenue and the most spent on it in one order. */
export const dashboardSalesProducts = pgTable(
  'dashboard_sales_products',
  {
    ...rollupDay(),
    ...productMeasures(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.delivery, t.name] })],
);

/** Per day, channel and identified customer: orders, revenue and the name on their latest order. */
export const dashboardSalesCustomers = pgTable(
  'dashboard_sales_customers',
  {
    ...rollupDay(),
    ...customerKey(),
    ...customerMeasures(),
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
    ...rollupDay(),
    ...profileMeasures(),
  },
  (t) => [index('dashboard_sales_profiles_idx').on(t.venueId, t.day)],
);

/** Orders, revenue and the biggest order per day, channel and city/UF (nulls: not informed). */
export const dashboardSalesRegions = pgTable(
  'dashboard_sales_regions',
  {
    ...rollupDay(),
    ...regionMeasures(),
  },
  (t) => [index('dashboard_sales_regions_idx').on(t.venueId, t.day)],
);

/** One row per key: "rollups" holds the version of the rollups' definition the data was built with. */
export const dashboardMeta = pgTable('dashboard_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
