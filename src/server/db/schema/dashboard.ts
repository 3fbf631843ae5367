/**
 * The sales dashboard's own table: one row per order with the order's customer as the dashboard
 * reads it (who they are across orders, gender, birth date, city), kept by a statement-level
 * trigger on orders (see modules/dashboard/dashboard.sql.ts). It lets "new or old customer" be
 * one index probe instead of a scan of every order's JSON, and keeps the orders table unchanged.
 */
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
