/**
 * Orders of the order board (spec 000 §3 "Order (board)"). Owned by the orders module.
 * Money in integer cents; the API speaks reais. State ids are the shared ORDER_STATE numbers.
 */
import type { IfoodTicket } from '../../../shared/contract/ifood-ticket';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, timestamps, venueColumns, venueKey, venueRef } from '../columns';
import { users } from './auth';
import { stores } from './venues';

/** Customer snapshot as it came with the order (contract field names). */
export interface OrderCustomer {
  Nome: string;
  CPF: string | null;
  Telefone: string;
  Endereco: {
    Logradouro: string;
    Numero: string;
    Complemento: string;
    Bairro: string;
    Cidade: string;
    UF: string;
    CEP: string;
    Referencia: string;
  } | null;
}

/** The workflow states of DefaultKitchenProductionWorkflow per venue: names and colours may differ, ids do not. */
export const workflowStates = pgTable(
  'workflow_states',
  {
    venueId: venueRef(),
    stateId: integer('state_id').notNull(),
    name: text('name').notNull(),
    backgroundColor: text('background_color').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.stateId] })],
);

/** Board settings of a venue, and the counter of its order codes (its row also serialises a venue's changes). */
export const kdsSettings = pgTable('kds_settings', {
  venueId: venueKey(),
  /** EnderecoServidorLocal: the venue's local print server. */
  printServerUrl: text('print_server_url'),
  refresh15s: boolean('refresh_15s').notNull().default(false),
  ageWarnMinutes: integer('age_warn_minutes').notNull().default(5),
  ageLateMinutes: integer('age_late_minutes').notNull().default(8),
  repeatChime: boolean('repeat_chime').notNull().default(true),
  chimeRepeatSeconds: integer('chime_repeat_seconds').notNull().default(10),
  /** Preparation time (minutes) of an order whose products set none: the board's "atrasado" in Em preparo. */
  prepMinutes: integer('prep_minutes').notNull().default(15),
  /** Station of the items whose product names none (the stations are the products' printers). */
  defaultStation: text('default_station').notNull().default('Cozinha'),
  /** Last Codigo given to an order of this venue. */
  lastOrderCode: integer('last_order_code').notNull().default(0),
  /**
   * Marketplace store state for api/ifoodMerchantConfiguration and the store-closed notice; the
   * merchant id and the integration switch live in the marketplace area's marketplace_integrations.
   */
  marketplaceOpenTime: boolean('marketplace_open_time').notNull().default(true),
  marketplaceActive: boolean('marketplace_active').notNull().default(true),
  /** Electronic tabs flow (api/comandaseletronicasfluxo). */
  electronicTabs: boolean('electronic_tabs').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tables of a venue (Mesa). */
export const kdsTables = pgTable(
  'kds_tables',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('kds_tables_venue_name_idx').on(t.venueId, t.name)],
);

/** The venue's own carriers (Transportador). */
export const carriers = pgTable(
  'carriers',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    document: text('document').notNull().default(''),
    ...createdAt(),
  },
  (t) => [index('carriers_venue_idx').on(t.venueId)],
);

export const orders = pgTable(
  'orders',
  {
    ...venueColumns(),
    /** Codigo: short number per venue. */
    code: integer('code').notNull(),
    /** Public tracking code (unguessable; codes per venue are not). */
    trackingCode: text('tracking_code').notNull().unique(),
    externalCode: text('external_code'),
    ...timestamps(),
    /** Bumped on every change. */
    version: integer('version').notNull().default(1),
    /** OrigemPedido 1 own platform, 2 marketplace. */
    origin: integer('origin').notNull(),
    /** TipoEntrega 1 entrega, 2 retirada, 3 mesa. */
    deliveryKind: integer('delivery_kind').notNull(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    tableId: uuid('table_id').references(() => kdsTables.id, { onDelete: 'set null' }),
    tableName: text('table_name'),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    /** Lower-cased text the keyword filter searches: code, customer name and phone, items. */
    searchText: text('search_text').notNull().default(''),
    note: text('note'),
    paymentTypeId: integer('payment_type_id').notNull(),
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    changeForCents: integer('change_for_cents'),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    deliveryTimeMinutes: integer('delivery_time_minutes'),
    stateId: integer('state_id').notNull(),
    /** When the order entered its current state (the board's ticket timer counts from it). */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Preparation target in minutes, fixed at intake: the slowest of its products' preparation
     * times, the venue's for products that set none. Null on orders taken before it existed.
     */
    prepMinutes: integer('prep_minutes'),
    /** Seconds from creation to leaving the timed states. */
    timerSeconds: integer('timer_seconds'),
    signal: boolean('signal').notNull().default(true),
    /** PedidoPOSPrinterStatus 0-3 and when it changed. */
    printerStatus: integer('printer_status'),
    printerStatusAt: timestamp('printer_status_at', { withTimezone: true }),
    /** A venue carrier, or null. */
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    /** The platform's courier ({Nome, Telefone, Documento}); shown with the placeholder carrier id. */
    courier: jsonb('courier').$type<{ Nome: string; Telefone: string; Documento: string } | null>(),
    /** DELIVERY_MODE chosen (null: not chosen), DELIVERY_PLATFORM asked. */
    deliveryMode: integer('delivery_mode'),
    deliveryPlatform: integer('delivery_platform'),
    courierCalled: boolean('courier_called').notNull().default(false),
    courierExternalId: text('courier_external_id'),
    courierSandbox: boolean('courier_sandbox').notNull().default(false),
    trackingLink: text('tracking_link'),
    cancellation: jsonb('cancellation').$type<{ cancellationCode: string; reason: string } | null>(),
    /** iFood orders: displayId, schedule, discounts, the consumer's cancellation request… (contract/ifood-ticket.ts). */
    ifood: jsonb('ifood').$type<IfoodTicket | null>(),
    /** Rush ("Urgente"): the order goes to the top of its column on every board. */
    rushAt: timestamp('rush_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_venue_code_idx').on(t.venueId, t.code),
    index('orders_venue_created_idx').on(t.venueId, t.createdAt.desc(), t.id.desc()),
    index('orders_venue_state_idx').on(t.venueId, t.stateId, t.createdAt.desc()),
    // The board's active mode: every Pendente..Em transporte order of a venue, oldest first, read
    // in index order (a partial index holds only the few active rows, however long the history).
    index('orders_venue_active_idx').on(t.venueId, t.createdAt, t.id).where(sql`state_id in (1, 2, 3, 4)`),
    // A table's bill (issue 41) reads one table's orders of the last day, in order: without it, the
    // venue's whole day of orders was scanned and filtered by table. Only table orders have a table.
    index('orders_table_created_idx').on(t.tableId, t.createdAt, t.id).where(sql`table_id is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    ...id(),
    orderId: parentRef('order_id', () => orders.id),
    position: integer('position').notNull(),
    productId: uuid('product_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit value including options. */
    unitCents: integer('unit_cents').notNull(),
    printerName: text('printer_name'),
    notes: jsonb('notes').$type<Array<{ Descricao: string; Opcoes: string[] }>>().notNull().default(sql`'[]'::jsonb`),
    /** Item-level bump: when its station marked it done (null: still to prepare). */
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

/** A timestamp per state change (prep-time figures), with who made it. */
export const orderStateHistory = pgTable(
  'order_state_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: parentRef('order_id', () => orders.id),
    fromStateId: integer('from_state_id'),
    toStateId: integer('to_state_id').notNull(),
    command: text('command'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    timerSeconds: integer('timer_seconds'),
    /** Why a recall brought the order back (ours). */
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_state_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Idempotency keys of order commands: the request's hash and the stored answer. The primary key
 * makes concurrent duplicates wait for each other and replay one answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    venueId: venueRef(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    userId: uuid('user_id'),
    ...createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * Board events per venue, for SSE catch-up after a reconnect (Last-Event-ID). Ids grow in commit
 * order within a venue because every writer holds the venue's kds_settings row lock.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    venueId: venueRef(),
    type: text('type').notNull(),
    orderId: uuid('order_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    ...createdAt(),
  },
  (t) => [index('order_events_venue_idx').on(t.venueId, t.id), index('order_events_created_idx').on(t.createdAt)],
);

/**
 * Marketplace polling lease, one row per venue: the API process that holds an unexpired lease is
 * the only one polling that store (many processes may share one PostgreSQL). Taken with one atomic
 * conditional upsert, so no transaction stays open while the marketplace answers.
 */
export const marketplacePollLeases = pgTable('marketplace_poll_leases', {
  venueId: uuid('venue_id').primaryKey(),
  owner: text('owner').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
