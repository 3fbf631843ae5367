import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, venueRef } from '../columns';
import { venues } from './venues';

export const users = pgTable('users', {
  ...id(),
  /** Stored lower-cased; sign-in compares lower-cased. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  cpf: text('cpf').unique(),
  passwordHash: text('password_hash').notNull(),
  mfaEnabled: boolean('mfa_enabled').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Roles held everywhere, semicolon-separated (e.g. Admin;SuporteMeep). */
  roles: text('roles').notNull().default(''),
  desktopApp: boolean('desktop_app').notNull().default(false),
  legacyPortal: boolean('legacy_portal').notNull().default(true),
  /**
   * Whether the person proved the e-mail is theirs (issue 37): sign-up sets false until the e-mailed
   * code comes back; accounts made otherwise (demo, create-admin, an invitation's link) count as confirmed.
   */
  emailConfirmed: boolean('email_confirmed').notNull().default(true),
  ...createdAt(),
});

/** A user's place in a venue: the position (cargo) and the roles it grants there. */
export const memberships = pgTable(
  'memberships',
  {
    userId: parentRef('user_id', () => users.id),
    venueId: venueRef(),
    position: text('position').notNull().default(''),
    roles: text('roles').notNull().default(''),
    /** Order of the places in the session: the first is current by default. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] }), index('memberships_venue_idx').on(t.venueId)],
);

/** Bearer tokens: only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    ...id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: parentRef('user_id', () => users.id),
    ...createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The session's current place: the last of the user's places a call named (`localId`,
     * `localClienteId`, the place selector's api/Acesso/PapeisDoLocal/{localId}). Null until then, or
     * when the place is removed: the user's first place is current (docs/decisions/auth.md).
     */
    currentVenueId: uuid('current_venue_id').references(() => venues.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A user's pending code (one row per user): its hash, when it was sent and expires, and the attempts so far. */
const pendingCode = () => ({
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/** The pending second-factor code of a user (one at a time). */
export const mfaChallenges = pgTable('mfa_challenges', {
  ...pendingCode(),
  /** When the password was last verified: a resend is only allowed within a sign-in in progress. */
  passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }).notNull(),
});

/** The pending e-mail confirmation code of a new account (one at a time, hashed, expiring). */
export const emailConfirmations = pgTable('email_confirmations', {
  ...pendingCode(),
});

/** One-time links: password reset ("reset") and share tokens ("share"). Only hashes are stored. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['reset', 'share'] }).notNull(),
  userId: parentRef('user_id', () => users.id),
  venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
