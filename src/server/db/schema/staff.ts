/**
 * A venue on its own (issue 24): the place's CNPJ, the profiles it composes from role names, which
 * profile each member holds, devices paired by code and the audit of every access change.
 */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, venueColumns, venueKey, venueRef } from '../columns';
import { users } from './auth';

/** The CNPJ given when the place was created (numeric or alphanumeric, normalised). */
export const venueTaxIds = pgTable('venue_tax_ids', {
  venueId: venueKey(),
  cnpj: text('cnpj').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Profiles a place composes on /configuracoes/acessos: a name and a set of the spec's role names. */
export const roleSets = pgTable(
  'role_sets',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** Semicolon-separated, like memberships.roles. */
    roles: text('roles').notNull(),
    ...createdAt(),
  },
  (t) => [uniqueIndex('role_sets_venue_name_idx').on(t.venueId, t.name)],
);

/**
 * The profile a member holds in a place: a built-in key (Gerente, Cozinha, Garcom) or a role set's id.
 * The roles themselves stay in memberships.roles (what every request reads); this says where they came from.
 */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    userId: parentRef('user_id', () => users.id),
    venueId: venueRef(),
    profile: text('profile').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] }), index('member_profiles_venue_idx').on(t.venueId, t.profile)],
);

/**
 * A shared device (kitchen tablet, waiter's phone). It signs in as its own account (user_id: no
 * password, member of this place only); the pairing code is stored hashed, valid once until
 * code_expires_at. Revoking ends the account's sessions and its membership.
 */
export const pairedDevices = pgTable(
  'paired_devices',
  {
    ...venueColumns(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    profile: text('profile').notNull(),
    codeHash: text('code_hash').unique(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAt(),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('paired_devices_venue_idx').on(t.venueId, t.createdAt)],
);

/** Who did what to a place's access, and when: invitations, pairings, revocations, profile changes. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    ...venueColumns(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text: the line still says who after the account is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    ...createdAt(),
  },
  (t) => [index('staff_audit_venue_idx').on(t.venueId, t.createdAt)],
);

/**
 * An invitation to an existing account (issue 37): it joins the place only when that person
 * accepts (Minha conta → Convites, or the e-mailed link). Until then it holds no membership and no
 * role. One pending invitation per person and place; accepted, declined or cancelled ones are
 * deleted (the audit keeps what happened). `name` is what the inviter typed (the list shows it,
 * never the account's own name, so the list does not tell who has an account).
 */
export const venueInvitations = pgTable(
  'venue_invitations',
  {
    ...venueColumns(),
    userId: parentRef('user_id', () => users.id),
    name: text('name').notNull(),
    profile: text('profile').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull(),
    ...createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('venue_invitations_venue_user_idx').on(t.venueId, t.userId), index('venue_invitations_user_idx').on(t.userId)],
);
