/**
 * A version per venue of the columns that order and filter the product list (name, codes, category,
 * type, active), changed by triggers on `products` in the same transaction as any insert, update or
 * delete (custom migration). Each process keeps the venue's sorted list in memory and reloads it when
 * the version differs, so a deep page or a search costs a lookup of this row, not a scan.
 * A random uuid, never a counter: a counter restarts after a reset and could match an old cache.
 * No foreign key: a venue's deletion cascades to its products, whose trigger writes here.
 */
import { pgTable, uuid } from 'drizzle-orm/pg-core';

export const productListVersions = pgTable('product_list_versions', {
  venueId: uuid('venue_id').primaryKey(),
  version: uuid('version').notNull(),
});
