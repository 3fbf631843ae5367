/**
 * The table's bill (issue 41): one open bill per table at a time, its payments (card and cash
 * recorded by the waiter, Pix through API Pix), and the orders a closed bill took. Money in integer
 * cents. A closed bill keeps a snapshot of what it charged (lines, subtotal, service, total) and is
 * never changed again: the routes refuse every write to it and the orders it took are bound to it
 * by table_bill_orders (an order belongs to one bill at most: its primary key).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ItemSplitDoc } from '../../../shared/table-bill-split';
import { createdAt, id, parentRef, venueColumns, venueKey, venueRef } from '../columns';
import { kdsTables, orders } from './orders';

export interface TableBillSnapshotLine {
  orderId: string;
  /** The order item (absent on bills closed before the split by items existed). */
  itemId?: string;
  code: number;
  name: string;
  quantity: number;
  unitCents: number;
  notes: Array<{ Descricao: string; Opcoes: string[] }>;
}

export const tableBills = pgTable(
  'table_bills',
  {
    ...venueColumns(),
    tableId: parentRef('table_id', () => kdsTables.id),
    tableName: text('table_name').notNull(),
    /** 'open' | 'closed' */
    status: text('status').notNull().default('open'),
    /** Service charge rate in basis points (1000 = 10 %). */
    serviceRateBps: integer('service_rate_bps').notNull().default(1000),
    /** The waiter removed the service charge at the customer's request (it is optional by law). */
    serviceRemoved: boolean('service_removed').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid('opened_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    /** Snapshot at close (null while open). */
    lines: jsonb('lines').$type<TableBillSnapshotLine[]>(),
    subtotalCents: integer('subtotal_cents'),
    serviceCents: integer('service_cents'),
    totalCents: integer('total_cents'),
    /** The public bill page's link (the pré-conta's QR): random, answered only while the bill is open. */
    publicToken: text('public_token'),
    /**
     * The split by items (null: none). One split mode per bill: set or removed only while no payment
     * is paid or waiting; afterwards only the people who have not paid can change.
     */
    itemSplit: jsonb('item_split').$type<ItemSplitDoc>(),
    /** Couvert per person, taken from the venue's setting when the bill opened (null: the venue charges none). */
    couvertUnitCents: integer('couvert_unit_cents'),
    /** How many people the waiter set for the couvert (0: none). */
    couvertPeople: integer('couvert_people').notNull().default(0),
    /** Snapshot at close (0 while open): couvert charged and discounts given. */
    couvertCents: integer('couvert_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    // One open bill per table: two phones opening it at once get the same row.
    uniqueIndex('table_bills_one_open_idx').on(t.tableId).where(sql`${t.status} = 'open'`),
    index('table_bills_venue_closed_idx').on(t.venueId, t.closedAt),
    uniqueIndex('table_bills_public_token_idx').on(t.publicToken).where(sql`${t.publicToken} is not null`),
    check('table_bills_status_check', sql`${t.status} in ('open', 'closed')`),
    check('table_bills_rate_check', sql`${t.serviceRateBps} between 0 and 10000`),
    check('table_bills_couvert_check', sql`(${t.couvertUnitCents} is null or ${t.couvertUnitCents} > 0) and ${t.couvertPeople} >= 0 and (${t.couvertPeople} = 0 or ${t.couvertUnitCents} is not null)`),
    // A closed bill adds up: subtotal − discount + service + couvert.
    check('table_bills_closed_total_check', sql`${t.status} = 'open' or ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.serviceCents} + ${t.couvertCents}`),
    check(
      'table_bills_closed_snapshot_check',
      sql`${t.status} = 'open' or (${t.closedAt} is not null and ${t.lines} is not null and ${t.subtotalCents} is not null and ${t.serviceCents} is not null and ${t.totalCents} is not null)`,
    ),
  ],
);

/** The orders a closed bill charged: an order is charged by one bill at most. */
export const tableBillOrders = pgTable(
  'table_bill_orders',
  {
    orderId: parentRef('order_id', () => orders.id),
    billId: parentRef('bill_id', () => tableBills.id),
  },
  (t) => [primaryKey({ columns: [t.orderId] }), index('table_bill_orders_bill_idx').on(t.billId)],
);

export const tableBillPayments = pgTable(
  'table_bill_payments',
  {
    ...id(),
    billId: parentRef('bill_id', () => tableBills.id),
    venueId: venueRef(),
    /** 'card' | 'cash' | 'pix' */
    method: text('method').notNull(),
    /** 'pending' (a Pix waiting for the PSP) | 'paid' | 'failed' (no cob was made) | 'expired' (a Pix never paid) */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Cash: what the customer handed over, and the change given back. */
    receivedCents: integer('received_cents'),
    changeCents: integer('change_cents'),
    /** An equal share: part `shareIndex` of `shareCount` (null: a free amount). */
    shareIndex: integer('share_index'),
    shareCount: integer('share_count'),
    /** A split by items: the person (1-based index in the bill's item_split) whose part this pays. */
    personIndex: integer('person_index'),
    /** Pix: txid (the payment id's 32 hex digits) and the BR Code once the cob exists. */
    txid: text('txid'),
    brCode: text('br_code'),
    createdBy: uuid('created_by').notNull(),
    ...createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('table_bill_payments_bill_idx').on(t.billId, t.createdAt),
    // One share is paid once: two phones taking the same share at once get one payment.
    uniqueIndex('table_bill_payments_share_idx').on(t.billId, t.shareCount, t.shareIndex).where(sql`${t.shareIndex} is not null and ${t.status} in ('pending', 'paid')`),
    // One person's part is paid once (the split by items' counterpart of the share index).
    uniqueIndex('table_bill_payments_person_idx').on(t.billId, t.personIndex).where(sql`${t.personIndex} is not null and ${t.status} in ('pending', 'paid')`),
    check('table_bill_payments_person_check', sql`${t.personIndex} is null or (${t.personIndex} >= 1 and ${t.shareIndex} is null)`),
    check('table_bill_payments_amount_check', sql`${t.amountCents} > 0`),
    check('table_bill_payments_method_check', sql`${t.method} in ('card', 'cash', 'pix')`),
    check('table_bill_payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check('table_bill_payments_cash_check', sql`${t.method} <> 'cash' or (${t.receivedCents} >= ${t.amountCents} and ${t.changeCents} = ${t.receivedCents} - ${t.amountCents})`),
    check('table_bill_payments_share_check', sql`(${t.shareIndex} is null) = (${t.shareCount} is null) and (${t.shareIndex} is null or ${t.shareIndex} between 1 and ${t.shareCount})`),
  ],
);

/**
 * The venue's bill settings (issue 41): the service rate (0–20 %, 10 % when the venue never set it)
 * and the couvert per person (null: off). A bill copies both when it opens, so a change never moves
 * an open or closed bill.
 */
export const tableBillSettings = pgTable(
  'table_bill_settings',
  {
    venueId: venueKey(),
    serviceRateBps: integer('service_rate_bps').notNull().default(1000),
    couvertCents: integer('couvert_cents'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('table_bill_settings_rate_check', sql`${t.serviceRateBps} between 0 and 2000`),
    check('table_bill_settings_couvert_check', sql`${t.couvertCents} is null or ${t.couvertCents} between 1 and 100000`),
  ],
);

/**
 * Discounts on a bill: each one an entry with its audit line (who asked, the manager who authorised
 * it with their password, when, why). A value discount keeps its cents, a percentage its basis points;
 * the bill computes what they take (src/shared/table-bill.ts billMath).
 */
export const tableBillDiscounts = pgTable(
  'table_bill_discounts',
  {
    ...id(),
    billId: parentRef('bill_id', () => tableBills.id),
    venueId: venueRef(),
    /** 'value' | 'percent' */
    kind: text('kind').notNull(),
    valueCents: integer('value_cents'),
    percentBps: integer('percent_bps'),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    authorizedBy: uuid('authorized_by').notNull(),
    /** The authorising manager's name when it was given (the audit line reads without a join). */
    authorizedByName: text('authorized_by_name').notNull(),
    ...createdAt(),
  },
  (t) => [
    index('table_bill_discounts_bill_idx').on(t.billId, t.createdAt),
    check('table_bill_discounts_kind_check', sql`${t.kind} in ('value', 'percent')`),
    check(
      'table_bill_discounts_amount_check',
      sql`(${t.kind} = 'value' and ${t.valueCents} > 0 and ${t.percentBps} is null) or (${t.kind} = 'percent' and ${t.percentBps} between 1 and 10000 and ${t.valueCents} is null)`,
    ),
  ],
);
