/** Customer registry (spec 000 §3 Customer, Block history): customers, their categories, block and alert history. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps, venueColumns } from '../columns';
import { users } from './auth';

export const customerCategories = pgTable(
  'customer_categories',
  {
    ...venueColumns(),
    description: text('description').notNull(),
  },
  (t) => [index('customer_categories_venue_idx').on(t.venueId)],
);

export const customers = pgTable(
  'customers',
  {
    ...venueColumns(),
    name: text('name'),
    /** Lower-cased name without accents: what the name filter matches. */
    searchName: text('search_name').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    /** Digits only; unique per venue. */
    cpf: text('cpf'),
    identifier: text('identifier'),
    /** 1 male, 2 female. */
    gender: integer('gender'),
    phone: text('phone'),
    email: text('email'),
    listName: text('list_name'),
    categoryId: uuid('category_id').references(() => customerCategories.id, { onDelete: 'set null' }),
    blocked: boolean('blocked').notNull().default(false),
    alerted: boolean('alerted').notNull().default(false),
    openAmountCents: integer('open_amount_cents').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customers_venue_cpf_uq').on(t.venueId, t.cpf).where(sql`${t.cpf} is not null`),
    // The list is ordered by name within the venue.
    index('customers_venue_search_idx').on(t.venueId, t.searchName, t.id),
    // A name fragment anywhere in the name (LIKE '%frag%'): trigrams (pg_trgm, created in db/client.ts).
    // fastupdate off: with it on, new rows wait in the GIN "pending list" (up to 4 MB) that only
    // VACUUM merges, and every search reads that whole list; the embedded database has no autovacuum,
    // so after 50,000 inserts each search read ~500 pages (docs/decisions/customers.md, "Customer name search speed").
    index('customers_search_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')).with({ fastupdate: false }),
    // CPF prefix filter: a left-anchored LIKE uses text_pattern_ops.
    index('customers_venue_cpf_prefix_idx').on(t.venueId, t.cpf.op('text_pattern_ops')),
  ],
);

/** One block of a customer (by CPF, as the spec's calls are), closed when unlocked. */
export const customerBlocks = pgTable(
  'customer_blocks',
  {
    ...venueColumns(),
    cpf: text('cpf').notNull(),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
    blockedReason: text('blocked_reason').notNull(),
    unlockedBy: uuid('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    unlockReason: text('unlock_reason'),
  },
  (t) => [index('customer_blocks_venue_cpf_idx').on(t.venueId, t.cpf, t.blockedAt)],
);

/** One alert of a customer, closed when disarmed (kept for audit). */
export const customerAlerts = pgTable(
  'customer_alerts',
  {
    ...venueColumns(),
    cpf: text('cpf').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAt(),
    reason: text('reason').notNull(),
    disarmedBy: uuid('disarmed_by').references(() => users.id, { onDelete: 'set null' }),
    disarmedAt: timestamp('disarmed_at', { withTimezone: true }),
    disarmReason: text('disarm_reason'),
  },
  (t) => [index('customer_alerts_venue_cpf_idx').on(t.venueId, t.cpf)],
);
