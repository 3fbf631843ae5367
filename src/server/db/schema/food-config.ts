/**
 * Food-ordering configuration of a venue (spec 000 "Food configuration"). Owned by the venue-setup
 * module; the order board reads it (delivery mode, automatic acceptance, printing on accept...).
 * The whole configuration is one JSON document validated by the shared contract, so a field the
 * spec adds needs no migration; the storefront link is a column because it must be unique.
 */
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { venues } from './venues';

export const foodConfigs = pgTable('food_configs', {
  venueId: uuid('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  /** Storefront link {host}/{urlMeepFood}: no spaces, accents or special characters; unique. */
  urlMeepFood: text('url_meep_food').unique(),
  /** The rest of the configuration, in the shape of the shared contract (field names of the spec). */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
