import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { venues } from './venues';

/**
 * Marketplace integration of a venue (spec 001 §3 "Marketplace integration"): the store ID at the
 * marketplace (merchantId, at most 100 characters) and whether orders are fetched from it.
 * id is the venue's id (spec 000 §3: the merchant configuration's id defaults to the local id).
 */
export const marketplaceIntegrations = pgTable('marketplace_integrations', {
  id: uuid('id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  merchantId: text('merchant_id').notNull().default(''),
  isActive: boolean('is_active').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
