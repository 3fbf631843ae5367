/**
 * The catalogue (spec 001 §3 Product, Category). Owned by the catalogue module. The order board
 * reads products (id, venue, name, value, type, enabled, dontShowInKds) for order intake.
 * Money is stored in integer cents; the API speaks decimal reais.
 */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { venues } from './venues';

export const productCategories = pgTable(
  'product_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
  },
  (t) => [index('product_categories_venue_idx').on(t.venueId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    valueCents: integer('value_cents').notNull().default(0),
    /** Product type enumeration of spec 001 §3 (1 produto, 3 variável, 11 taxa de serviço...). */
    type: integer('type').notNull().default(1),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** Enabled for sale (AtivarProdutos / DesativarProdutos). */
    active: boolean('active').notNull().default(false),
    dontShowInKds: boolean('dont_show_in_kds').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_venue_idx').on(t.venueId)],
);
