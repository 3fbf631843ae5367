/** Per-user access limits to a venue's products (spec 001 §2.7). */
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, venueRef } from '../columns';
import { users } from './auth';
import { products } from './products';

/** Per-user access limits (spec 001 §2.7): a user with rows here may only reach those products. */
export const productAccessLimits = pgTable(
  'product_access_limits',
  {
    venueId: venueRef(),
    userId: parentRef('user_id', () => users.id),
    productId: parentRef('product_id', () => products.id),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_access_limits_venue_idx').on(t.venueId, t.userId)],
);

