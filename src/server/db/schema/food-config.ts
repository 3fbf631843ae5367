/**
 * Food-ordering configuration of a venue (spec 000 "Food configuration"). Owned by the food-config
 * module; the order board reads it (delivery mode, automatic acceptance, printing on accept...).
 * The whole configuration is one JSON document validated by the shared contract, so a field the
 * spec adds needs no migration; the storefront link is a column because it must be unique.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parentRef, venueKey, venueRef } from '../columns';
import { storeCategories } from './stores';

export const foodConfigs = pgTable(
  'food_configs',
  {
    venueId: venueKey(),
    /** Storefront link {host}/{urlMeepFood}: no spaces, accents or special characters; unique. */
    urlMeepFood: text('url_meep_food').unique(),
    /**
     * The rest of the configuration, in the shape of the shared contract (field names of the spec),
     * except storeCategories (food_config_store_categories) and meepFoodLogo (its own column, so the
     * board does not read a 5 MB image with every configuration).
     */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** meepFoodLogo: an image data URL or an http(s) address. */
    logo: text('logo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Links differ from each other ignoring case too: "Sabor" and "sabor" would open the same storefront.
  (t) => [uniqueIndex('food_configs_url_lower_idx').on(sql`lower(${t.urlMeepFood})`)],
);

/** Store categories a venue's storefront is listed under (storeCategories of the configuration). */
export const foodConfigStoreCategories = pgTable(
  'food_config_store_categories',
  {
    venueId: venueRef(),
    categoryId: parentRef('category_id', () => storeCategories.id),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.categoryId] }), index('food_config_store_categories_category_idx').on(t.categoryId)],
);
