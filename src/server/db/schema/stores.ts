/** Stores' categories, sectors, users and weekly availability (spec 000 "Store"). */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, parentRef, weeklyHours } from '../columns';
import { users } from './auth';
import { stores, venues } from './venues';

/** Store categories (api/superapp/StoreCategory): shared ones have no venue; a venue may add its own. */
export const storeCategories = pgTable(
  'store_categories',
  {
    ...id(),
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('store_categories_venue_idx').on(t.venueId)],
);

export const storeCategoryLinks = pgTable(
  'store_category_links',
  {
    storeId: parentRef('store_id', () => stores.id),
    categoryId: parentRef('category_id', () => storeCategories.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.categoryId] })],
);

/** Sectors of a store (Name, LocationId). */
export const storeSectors = pgTable(
  'store_sectors',
  {
    ...id(),
    storeId: parentRef('store_id', () => stores.id),
    name: text('name').notNull(),
    locationId: text('location_id'),
  },
  (t) => [index('store_sectors_store_idx').on(t.storeId)],
);

/** Users with access to a store. */
export const storeUsers = pgTable(
  'store_users',
  {
    storeId: parentRef('store_id', () => stores.id),
    userId: parentRef('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_users_user_idx').on(t.userId)],
);

/** Weekly availability of a store: day 0-6 (Sunday first), HH:mm. */
export const storeAvailableDays = pgTable(
  'store_available_days',
  {
    ...id(),
    storeId: parentRef('store_id', () => stores.id),
    ...weeklyHours(),
  },
  (t) => [index('store_available_days_store_idx').on(t.storeId)],
);
