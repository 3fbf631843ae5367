/**
 * Cashless: a place's card users, their cards (balance per card), consumption lines, recharge plans
 * for negative balances, credit cards to verify, and the acquirers' electronic extracts.
 * Money is in cents.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, venueColumns } from '../columns';
import { users } from './auth';

/** A person (CPF) or company (CNPJ) who holds cards in a place. */
export const cashlessUsers = pgTable(
  'cashless_users',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** Digits only: 11 (CPF) or 14 (CNPJ). */
    document: text('document').notNull(),
    email: text('email').notNull(),
    /** Digits with area code. */
    phone: text('phone').notNull(),
    /** The 4-digit password, salted scrypt (lib/crypto hashPin). */
    pinHash: text('pin_hash').notNull(),
    /** How far below zero the balance may go; null is Ilimitado. */
    negativeLimitCents: integer('negative_limit_cents'),
    ...createdAt(),
  },
  (t) => [uniqueIndex('cashless_users_venue_document_uq').on(t.venueId, t.document)],
);

/** A card associated with a user (its id is the spec's historicoAssociacaoId); the balance is the card's. */
export const cashlessCards = pgTable(
  'cashless_cards',
  {
    ...venueColumns(),
    userId: parentRef('user_id', () => cashlessUsers.id),
    number: text('number').notNull(),
    /** A named card (created by the user import). */
    nominal: boolean('nominal').notNull().default(true),
    active: boolean('active').notNull().default(true),
    balanceCents: integer('balance_cents').notNull().default(0),
    ...createdAt(),
  },
  (t) => [
    index('cashless_cards_user_idx').on(t.userId),
    index('cashless_cards_negative_idx').on(t.venueId, t.balanceCents).where(sql`${t.balanceCents} < 0`),
  ],
);

/** What a card paid for (and its recharges, paymentKind "Recarga"). */
export const cashlessConsumptions = pgTable(
  'cashless_consumptions',
  {
    ...venueColumns(),
    cardId: parentRef('card_id', () => cashlessCards.id),
    productName: text('product_name').notNull(),
    unitCents: integer('unit_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    totalCents: integer('total_cents').notNull(),
    paymentKind: text('payment_kind').notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    device: text('device').notNull().default(''),
    operator: text('operator').notNull().default(''),
  },
  (t) => [index('cashless_consumptions_card_idx').on(t.cardId, t.performedAt)],
);

/** A recharge plan for the negative balances of a place; a new plan replaces an unpaid one. */
export const rechargePlans = pgTable(
  'recharge_plans',
  {
    ...venueColumns(),
    ...createdAt(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidById: uuid('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    paidBy: text('paid_by').notNull().default(''),
  },
  (t) => [index('recharge_plans_venue_idx').on(t.venueId, t.createdAt)],
);

export const rechargePlanItems = pgTable(
  'recharge_plan_items',
  {
    planId: parentRef('plan_id', () => rechargePlans.id),
    cardId: parentRef('card_id', () => cashlessCards.id),
    /** Snapshot of who the card belonged to when planned (the history must not change later). */
    name: text('name').notNull(),
    document: text('document').notNull(),
    valueCents: integer('value_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.cardId] }), index('recharge_plan_items_card_idx').on(t.cardId)],
);

/** A credit card a cashless user registered in the app, to verify with a photo of a document. */
export const cashlessCreditCards = pgTable(
  'cashless_credit_cards',
  {
    ...venueColumns(),
    userId: parentRef('user_id', () => cashlessUsers.id),
    holderName: text('holder_name').notNull(),
    finalNumber: text('final_number').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Storage key of the last document photo sent. */
    documentKey: text('document_key'),
    ...createdAt(),
  },
  (t) => [index('cashless_credit_cards_user_idx').on(t.userId)],
);

/** An acquirer's electronic extract (EDI) file; processed when analyzedAt is set. */
export const electronicExtracts = pgTable(
  'electronic_extracts',
  {
    ...venueColumns(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    acquirerType: integer('acquirer_type'),
    ...createdAt(),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    lineCount: integer('line_count').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    error: text('error').notNull().default(''),
  },
  (t) => [index('electronic_extracts_venue_idx').on(t.venueId, t.createdAt)],
);

/** The transactions read from an extract. */
export const electronicExtractLines = pgTable(
  'electronic_extract_lines',
  {
    extractId: parentRef('extract_id', () => electronicExtracts.id),
    line: integer('line').notNull(),
    nsu: text('nsu').notNull(),
    occurredOn: text('occurred_on').notNull(),
    valueCents: integer('value_cents').notNull(),
    brand: text('brand').notNull(),
    cardLast4: text('card_last4').notNull(),
  },
  (t) => [primaryKey({ columns: [t.extractId, t.line] })],
);
