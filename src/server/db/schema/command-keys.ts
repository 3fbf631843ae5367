import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/**
 * Idempotency-Keys of commands that move money or call a provider (src/server/lib/once.ts): stored
 * in the same transaction as the effect they name, before any provider is called. `scope` is whose
 * key it is (a venue, a public link, a user), so two payers' keys never collide; `ref` is the effect's
 * own id, which is also the stable key the provider receives.
 */
export const commandKeys = pgTable(
  'command_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'pending' while the provider's outcome is not recorded; 'done' with the answer. */
    state: text('state').notNull(),
    ref: text('ref').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    ...createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('command_keys_ref_idx').on(t.ref), index('command_keys_expires_idx').on(t.expiresAt)],
);
