/**
 * Sales points and devices (spec 001 §3 "Sales point"). Owned by the sales-points module.
 * A device belongs to at most one sales point (the link's primary key is the device).
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parentRef, timestamps, venueColumns } from '../columns';
import { productLists } from './products';

export const salesPoints = pgTable(
  'sales_points',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** Sales point type 1-4, derived from the systems (src/shared/sales-points.ts). */
    type: integer('type').notNull(),
    productListId: uuid('product_list_id').references(() => productLists.id, { onDelete: 'set null' }),
    /** managementSystemConfiguration[]: systemType, printType, enableRemotePrinter. */
    systems: jsonb('systems').$type<Array<{ systemType: number; printType: number; enableRemotePrinter: boolean }>>().notNull(),
    /** Every other field of the sales point (flags, service fee, texts), by the spec's names. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index('sales_points_venue_idx').on(t.venueId)],
);

/** Device (spec 001 §3): type 1-9 (App, Totem, POS, POS+, Validador, PowerBank, Pirulito, Máquina de Cartão, Tablet). */
export const devices = pgTable(
  'devices',
  {
    ...venueColumns(),
    name: text('name').notNull().default(''),
    type: integer('type').notNull(),
    imei: text('imei').notNull().default(''),
  },
  (t) => [index('devices_venue_idx').on(t.venueId)],
);

export const salesPointDevices = pgTable(
  'sales_point_devices',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    salesPointId: parentRef('sales_point_id', () => salesPoints.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sales_point_devices_sales_point_idx').on(t.salesPointId)],
);
