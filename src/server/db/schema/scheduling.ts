/**
 * Scheduling (spec 001 §3 Schedule, Service and category): agenda categories, agendas with their
 * weekly available days and services, and collaborators' schedules (a period + weekly hours).
 * Times are wall-clock HH:mm at the place; prices are kept in cents.
 */
import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, venueColumns, weeklyHours } from '../columns';
import { users } from './auth';

export const scheduleCategories = pgTable(
  'schedule_categories',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    ...createdAt(),
  },
  (t) => [index('schedule_categories_venue_idx').on(t.venueId)],
);

export const schedules = pgTable(
  'schedules',
  {
    ...venueColumns(),
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
    ...createdAt(),
  },
  (t) => [index('schedules_venue_idx').on(t.venueId), index('schedules_collaborator_idx').on(t.collaboratorId)],
);

export const scheduleAvailableDays = pgTable(
  'schedule_available_days',
  {
    ...id(),
    scheduleId: parentRef('schedule_id', () => schedules.id),
    /** Monday 1 to Sunday 7. */
    ...weeklyHours(),
  },
  (t) => [index('schedule_available_days_schedule_idx').on(t.scheduleId)],
);

export const scheduleServices = pgTable(
  'schedule_services',
  {
    ...id(),
    scheduleId: parentRef('schedule_id', () => schedules.id),
    name: text('name').notNull(),
    valueCents: integer('value_cents').notNull(),
    duration: integer('duration').notNull(),
    imageUrl: text('image_url'),
    ...createdAt(),
  },
  (t) => [index('schedule_services_schedule_idx').on(t.scheduleId)],
);

export const collaboratorSchedules = pgTable(
  'collaborator_schedules',
  {
    ...venueColumns(),
    collaboratorId: parentRef('collaborator_id', () => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    ...createdAt(),
  },
  (t) => [index('collaborator_schedules_venue_idx').on(t.venueId)],
);

export const collaboratorScheduleDays = pgTable(
  'collaborator_schedule_days',
  {
    ...id(),
    collaboratorScheduleId: parentRef('collaborator_schedule_id', () => collaboratorSchedules.id),
    ...weeklyHours(),
  },
  (t) => [index('collaborator_schedule_days_schedule_idx').on(t.collaboratorScheduleId)],
);
