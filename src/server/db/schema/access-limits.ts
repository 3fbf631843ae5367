/** Per-user access limits to a venue's products (spec 001 §2.7). */
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { venues } from './venues';
import { products } from './products';

/** Per-user access limits (spec 001 §2.7): a user with rows here may only reach those products. */
export const productAccessLimits = pgTable(
  'product_access_limits',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_access_limits_venue_idx').on(t.venueId, t.userId)],
);

