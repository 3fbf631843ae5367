/**
 * The sales dashboard's new/returning-customer filter (spec 001 "Dashboard" filter IsNew, IsOld;
 * src/shared/dashboard.ts: new = first order at the venue inside the period, old = ordered before
 * it). Kept by the triggers of modules/dashboard/dashboard.sql.ts and rebuilt with the rollups
 * (dashboard.rollups.ts), so a filtered call reads small tables instead of every order of the period.
 */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { dayColumn, venueRef } from '../columns';
import { customerKey, customerMeasures, hourMeasures, productMeasures, profileMeasures, regionMeasures, rollupDay } from './dashboard';

/**
 * Each identified customer's first order at the venue (over dashboard_order_customers: any state,
 * any channel), kept in the writer's transaction by a statement-level trigger on that table.
 */
export const dashboardCustomerFirsts = pgTable(
  'dashboard_customer_firsts',
  {
    venueId: venueRef(),
    /** The key the dashboard identifies a customer by (dashboard_order_customers.customer_key). */
    customerKey: text('customer_key').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    /**
     * The day of first_at at the period's fixed offset (UTC-3, as a period's start is computed):
     * the customer is new in a period starting on day F exactly when first_day >= F.
     */
    firstDay: dayColumn('first_day'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.customerKey] })],
);

// Rollups split by the customer's first day: only orders with an identified customer (the filter
// leaves anonymous orders out), same measures as the unsplit rollups of schema/dashboard.ts.

/** A rollup's key with the customer's first day after the day, then the measures. */
const splitByFirstDay = <T extends object>(measures: T) => ({ ...rollupDay(), firstDay: dayColumn('first_day'), ...measures });

export const dashboardSplitHours = pgTable(
  'dashboard_split_hours',
  splitByFirstDay(hourMeasures()),
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.firstDay, t.hour, t.delivery] })],
);

export const dashboardSplitProducts = pgTable(
  'dashboard_split_products',
  splitByFirstDay(productMeasures()),
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.firstDay, t.delivery, t.name] })],
);

export const dashboardSplitProfiles = pgTable(
  'dashboard_split_profiles',
  splitByFirstDay(profileMeasures()),
  (t) => [index('dashboard_split_profiles_idx').on(t.venueId, t.day)],
);

export const dashboardSplitRegions = pgTable(
  'dashboard_split_regions',
  splitByFirstDay(regionMeasures()),
  (t) => [index('dashboard_split_regions_idx').on(t.venueId, t.day)],
);

/** Per day, channel and identified customer, with their first day (top customers under the filter). */
export const dashboardSplitCustomers = pgTable(
  'dashboard_split_customers',
  {
    ...rollupDay(),
    ...customerKey(),
    firstDay: dayColumn('first_day'),
    ...customerMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.day, t.delivery, t.customerKey] }),
    index('dashboard_split_customers_key_idx').on(t.venueId, t.customerKey, t.day),
  ],
);
