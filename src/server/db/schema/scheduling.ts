/**
 * Scheduling (spec 001 §3 Schedule, Service and category): agenda categories, agendas with their
 * weekly available days and services, and collaborators' schedules (a period + weekly hours).
 * Times are wall-clock HH:mm at the place; prices are kept in cents.
 */
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { venues } from './venues';

export const scheduleCategories = pgTable(
  'schedule_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_categories_venue_idx').on(t.venueId)],
);

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    durationBase: integer('duration_base').notNull(),
    /** A category in use cannot be deleted (the API says so). */
    categoryId: uuid('category_id').references(() => scheduleCategories.id, { onDelete: 'restrict' }),
    /** Collaborator: a member of the place; null when the agenda is a place's. */
    collaboratorId: uuid('collaborator_id').references(() => users.id, { onDelete: 'set null' }),
    placeId: text('place_id'),
    imageUrl: text('image_url'),
    availabilityDescription: text('availability_description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_venue_idx').on(t.venueId), index('schedules_collaborator_idx').on(t.collaboratorId)],
);

export const scheduleAvailableDays = pgTable(
  'schedule_available_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** Monday 1 to Sunday 7. */
    dayOfWeek: integer('day_of_week').notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
  },
  (t) => [index('schedule_available_days_schedule_idx').on(t.scheduleId)],
);

export const scheduleServices = pgTable(
  'schedule_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    valueCents: integer('value_cents').notNull(),
    duration: integer('duration').notNull(),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_services_schedule_idx').on(t.scheduleId)],
);

export const collaboratorSchedules = pgTable(
  'collaborator_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    collaboratorId: uuid('collaborator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaborator_schedules_venue_idx').on(t.venueId)],
);

export const collaboratorScheduleDays = pgTable(
  'collaborator_schedule_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collaboratorScheduleId: uuid('collaborator_schedule_id')
      .notNull()
      .references(() => collaboratorSchedules.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
  },
  (t) => [index('collaborator_schedule_days_schedule_idx').on(t.collaboratorScheduleId)],
);
