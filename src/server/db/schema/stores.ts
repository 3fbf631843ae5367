/** Stores' categories, sectors, users and weekly availability (spec 000 "Store"). */
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stores, venues } from './venues';

/** Store categories (api/superapp/StoreCategory): shared ones have no venue; a venue may add its own. */
export const storeCategories = pgTable(
  'store_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('store_categories_venue_idx').on(t.venueId)],
);

export const storeCategoryLinks = pgTable(
  'store_category_links',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => storeCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.categoryId] })],
);

/** Sectors of a store (Name, LocationId). */
export const storeSectors = pgTable(
  'store_sectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locationId: text('location_id'),
  },
  (t) => [index('store_sectors_store_idx').on(t.storeId)],
);

/** Users with access to a store. */
export const storeUsers = pgTable(
  'store_users',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_users_user_idx').on(t.userId)],
);

/** Weekly availability of a store: day 0-6 (Sunday first), HH:mm. */
export const storeAvailableDays = pgTable(
  'store_available_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
  },
  (t) => [index('store_available_days_store_idx').on(t.storeId)],
);
