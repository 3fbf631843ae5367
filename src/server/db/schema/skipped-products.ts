/**
 * Skipped products (Produtos pulados, /produtos/skippedproducts, role VinculoListaProduto): products
 * of a venue that were left out when one of its product lists was sent to an equipment (POS, totem),
 * with the reason, so someone fixes the product and dismisses the notice. Names are kept as they were
 * when skipped: the notice still reads right after the product, list or equipment is renamed or gone.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { venueColumns } from '../columns';
import { products } from './products';

export const skippedProducts = pgTable(
  'skipped_products',
  {
    ...venueColumns(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    listName: text('list_name').notNull(),
    equipmentName: text('equipment_name').notNull(),
    reason: text('reason').notNull(),
    skippedAt: timestamp('skipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('skipped_products_venue_idx').on(t.venueId, t.skippedAt)],
);
