import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, venueRef } from '../columns';
import { orders } from './orders';
import { venues } from './venues';

/**
 * Marketplace integration of a venue (spec 001 §3 "Marketplace integration"): the store ID at the
 * marketplace (merchantId, at most 100 characters) and whether orders are fetched from it.
 * id is the venue's id (spec 000 §3: the merchant configuration's id defaults to the local id).
 */
export const marketplaceIntegrations = pgTable('marketplace_integrations', {
  id: uuid('id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  merchantId: text('merchant_id').notNull().default(''),
  isActive: boolean('is_active').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every iFood event polled, stored before it is acknowledged (iFood: "send the ACK only after the
 * event is stored"). The event id is the key, so a duplicate delivery is one row; events are
 * handled from here in `createdAt` order, so out-of-order delivery is harmless too.
 */
export const ifoodEvents = pgTable(
  'ifood_events',
  {
    id: text('id').primaryKey(),
    venueId: venueRef(),
    merchantId: text('merchant_id').notNull(),
    ifoodOrderId: text('ifood_order_id'),
    /** iFood's short code (PLC, CFM, CAN...) and full code (PLACED, CONFIRMED, CANCELLED...). */
    code: text('code').notNull(),
    fullCode: text('full_code').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** When the event's effect on our order was applied (null: still to handle). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('ifood_events_pending_idx').on(t.venueId, t.createdAt).where(sql`handled_at is null`),
    index('ifood_events_unacked_idx').on(t.venueId).where(sql`acknowledged_at is null`),
  ],
);

/** Our order ↔ iFood's order (board actions go back to iFood by this link). */
export const ifoodOrders = pgTable(
  'ifood_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    venueId: venueRef(),
    ifoodOrderId: text('ifood_order_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    displayId: text('display_id').notNull(),
    /** DELIVERY, TAKEOUT, DINE_IN. */
    orderType: text('order_type').notNull(),
    /** delivery.deliveredBy: IFOOD or MERCHANT (null when not a delivery). */
    deliveredBy: text('delivered_by'),
    /** The order came from the in-process sandbox iFood. */
    sandbox: boolean('sandbox').notNull().default(false),
    ...createdAt(),
  },
  (t) => [uniqueIndex('ifood_orders_ifood_idx').on(t.venueId, t.ifoodOrderId)],
);
