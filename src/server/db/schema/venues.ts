import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A venue (the spec's "local" / "localCliente"). */
export const venues = pgTable('venues', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Location type 1-24 (src/shared/enums.ts). */
  type: integer('type').notNull(),
  /** origemPropostaCliente: 1 back-office, 2 food, 3 donate. */
  proposalOrigin: integer('proposal_origin').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Address of a venue (spec 000 "Address of location"). */
export const venueAddresses = pgTable('venue_addresses', {
  venueId: uuid('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  street: text('street').notNull().default(''),
  number: text('number').notNull().default(''),
  complement: text('complement').notNull().default(''),
  district: text('district').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  /** uf: the state's abbreviation (SP). */
  state: text('state').notNull().default(''),
  city: text('city').notNull().default(''),
  /** The city's id in api/Local/BuscarCidades (IBGE code); null for a city outside that list. */
  cityId: integer('city_id'),
  latitude: text('latitude'),
  longitude: text('longitude'),
});

/** A store of a venue (spec 000 "Store"); its categories, sectors, users and hours are in catalogue.ts. */
export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  venueId: uuid('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  order: integer('order').notNull().default(0),
  isClosed: boolean('is_closed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('stores_venue_idx').on(t.venueId, t.order)]);
