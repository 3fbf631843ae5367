/**
 * Single-use tickets that open an event stream (issue 28, "Security nits"). EventSource cannot send
 * headers, so the stream's URL carries a ticket instead of the 12-hour bearer token: asked for
 * with the bearer token (POST), valid 60 s, bound to that session and one venue, used once. Only a
 * hash is stored. Rows go with their session; expired ones are deleted by a periodic job.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { parentRef, venueRef } from '../columns';
import { sessions } from './auth';

export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: parentRef('session_id', () => sessions.id),
    venueId: venueRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
