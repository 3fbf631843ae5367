/**
 * Kitchen printers, the print agents that reach them from the venue, and the print jobs the agents
 * claim (issue 24 item 5, issue 25 item 6). Owned by the printers module.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps, venueColumns } from '../columns';
import { orders } from './orders';

/** One printer per station of a venue; the name is the station (a product's NomeImpressora). */
export const printers = pgTable(
  'printers',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** PRINTER_CONNECTION: 'rede' (the agent opens TCP to host:port) or 'servidorLocal'. */
    connection: text('connection').notNull(),
    host: text('host'),
    port: integer('port'),
    paperWidth: integer('paper_width').notNull().default(80),
    /** Characters per line (48/42 on 80 mm, 32 on 58 mm); null: the paper's default (shared/printers.ts columnsOf). */
    columns: integer('columns'),
    codePage: text('code_page').notNull().default('cp860'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('printers_venue_name_uq').on(t.venueId, sql`lower(${t.name})`)],
);

/** Print agents: a device-style token (only its SHA-256 stored) that a venue's PC uses to fetch jobs. */
export const printAgents = pgTable(
  'print_agents',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    ...createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('print_agents_token_uq').on(t.tokenHash), index('print_agents_venue_idx').on(t.venueId)],
);

/**
 * Print jobs for the agents (durable): queued → sent (claimed, lease until `leaseUntil`) → printed |
 * failed. `availableAt` delays a retry. The bytes are the ESC/POS ticket, built when enqueued.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    ...venueColumns(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    printerId: uuid('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    printerName: text('printer_name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** ESC/POS bytes, base64. */
    data: text('data').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    agentId: uuid('agent_id').references(() => printAgents.id, { onDelete: 'set null' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    ...timestamps(),
  },
  (t) => [
    index('print_jobs_claim_idx').on(t.venueId, t.status, t.availableAt),
    index('print_jobs_order_idx').on(t.orderId),
  ],
);
