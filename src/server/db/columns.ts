/**
 * Column groups that many tables repeat (issue 42), spread into a table's columns the way Drizzle
 * documents for shared columns: `pgTable('x', { ...venueColumns(), name: text('name'), ...createdAt() })`.
 * Each helper is exactly the column it replaces (name, type, default, nullability, reference), so
 * the database does not change: `drizzle-kit generate` must find nothing to generate after using one.
 * Lives outside schema/ so the schema folder holds tables only; schema/venues.ts does not use it
 * (this file imports venues).
 */
import { bigint, date, integer, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { venues } from './schema/venues';

/** `id uuid primary key default gen_random_uuid()`: the first column of most tables. */
export const id = () => ({ id: uuid('id').primaryKey().defaultRandom() });

/** A required reference to a parent row, deleted with it: `<name> uuid not null references … on delete cascade`. */
export const parentRef = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** The venue that owns the row: `venue_id uuid not null references venues(id) on delete cascade`. */
export const venueRef = () => parentRef('venue_id', () => venues.id);

/** The venue as the primary key (`venue_id uuid primary key references venues(id) on delete cascade`): one row per venue, its settings. */
export const venueKey = () => uuid('venue_id').primaryKey().references(() => venues.id, { onDelete: 'cascade' });

/** `id` then `venue_id`: the first two columns of a table whose rows belong to a venue. */
export const venueColumns = () => ({ ...id(), venueId: venueRef() });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export const timestamps = () => ({
  ...createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A São Paulo calendar day kept as `YYYY-MM-DD` text in a `date not null` column (dashboard rollups). */
export const dayColumn = (name: string) => date(name, { mode: 'string' }).notNull();

/** A sum in cents that may outgrow an int4 (dashboard rollups): `bigint not null`, read as a number. */
export const bigCents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** A weekly time slot: `day_of_week` (the table says how days are numbered) and wall-clock `start_hour`/`end_hour` (HH:mm). */
export const weeklyHours = () => ({
  dayOfWeek: integer('day_of_week').notNull(),
  startHour: text('start_hour').notNull(),
  endHour: text('end_hour').notNull(),
});

/** A Brazilian bank account's number: bank code, agency, account and its check digit (all text, not null). */
export const bankAccountNumber = () => ({
  bankCode: text('bank_code').notNull(),
  agency: text('agency').notNull(),
  account: text('account').notNull(),
  accountDigit: text('account_digit').notNull(),
});
