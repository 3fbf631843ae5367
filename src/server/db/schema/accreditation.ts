/**
 * Acquirer accreditation (spec 001 §2.15 admin half, §3, §4): merchants with their MCC, contact and
 * department, proposals per acquirer, PayStore terminals, acquirer credentials, the terminal binding
 * queue, the weekly database-maintenance state, an append-only audit of every state change (who and
 * when) and the Idempotency-Keys of those changes. Rows of the sandbox network that are not venues
 * of ours (other merchants) have venue_id null and carry the portal name themselves.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, venueColumns, venueKey } from '../columns';
import { users } from './auth';
import { venues } from './venues';

/** The accreditation data of a venue (one row per venue). */
export const accMerchants = pgTable('acc_merchants', {
  venueId: venueKey(),
  document: text('document').notNull(),
  fullName: text('full_name').notNull(),
  payStoreMerchantId: text('paystore_merchant_id').notNull().default(''),
  payStoreMidNumber: text('paystore_mid_number').notNull().default(''),
  isMeepTransactional: boolean('is_meep_transactional').notNull().default(false),
  /** 4 digits, or null until fetched or typed */
  mcc: text('mcc'),
  telephone: text('telephone').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  uf: text('uf').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  country: text('country').notNull().default('BR'),
  isFeatureFlag: boolean('is_feature_flag').notNull().default(false),
  isTotemSub: boolean('is_totem_sub').notNull().default(false),
  isPosSub: boolean('is_pos_sub').notNull().default(false),
  /** 1 Active, 2 Inactive, 3 Expiring; null before any credential */
  credentialStatus: integer('credential_status'),
  eventCredential: text('event_credential'),
  linkedLocalName: text('linked_local_name'),
  /** ContactFields (src/shared/contract/accreditation.ts) */
  contact: jsonb('contact'),
  /** DepartmentFields */
  department: jsonb('department'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** id, the venue when the row is one venue's (null across the network), and the acquirer portal's name. */
const portalColumns = () => ({
  ...id(),
  venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
  portalName: text('portal_name').notNull(),
});

export const accProposals = pgTable(
  'acc_proposals',
  {
    ...portalColumns(),
    document: text('document').notNull(),
    acquirerType: integer('acquirer_type').notNull(),
    acquirerId: integer('acquirer_id').notNull(),
    /** The acquirer's proposal id; null while the send is open ("em verificação", sendState below). */
    proposalId: text('proposal_id'),
    /**
     * Exactly once (issue 36): 'sent' once the provider answered with the proposal id; 'sending'
     * while the request's own call runs; 'checking' when the provider did not answer in time (the
     * settle job asks it by this row's id, the key the provider received as Idempotency-Key).
     */
    sendState: text('send_state').notNull().default('sent'),
    /** The accreditation command that created it (its proposals answer that command's key). */
    submissionId: uuid('submission_id'),
    /** Who sent it (the settle job's audit line names them). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    accreditationDate: timestamp('accreditation_date', { withTimezone: true }).notNull().defaultNow(),
    lastTransactionDate: timestamp('last_transaction_date', { withTimezone: true }),
    mcc: text('mcc'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** 0 Pending, 1 Approved, 2 Rejected */
    status: integer('status').notNull().default(0),
    message: text('message'),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [index('acc_proposals_venue_idx').on(t.venueId), index('acc_proposals_date_idx').on(t.accreditationDate), index('acc_proposals_submission_idx').on(t.submissionId)],
);

export const accTerminals = pgTable(
  'acc_terminals',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    tid: text('tid').notNull(),
    status: text('status').notNull(),
    serialNumber: text('serial_number').notNull(),
    mpName: text('mp_name').notNull(),
    portal: text('portal').notNull(),
    patrimony: text('patrimony').notNull(),
    inconsistency: boolean('inconsistency').notNull().default(false),
    linked: boolean('linked').notNull().default(false),
  },
  (t) => [index('acc_terminals_venue_idx').on(t.venueId, t.name)],
);

/** Acquirer credentials across the network (the credential monitor). */
export const accCredentials = pgTable(
  'acc_credentials',
  {
    ...portalColumns(),
    document: text('document').notNull(),
    acquirerType: integer('acquirer_type').notNull(),
    accreditationDate: timestamp('accreditation_date', { withTimezone: true }).notNull(),
    lastTransactionDate: timestamp('last_transaction_date', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    /** 1 Active, 2 Inactive, 3 Expiring */
    status: integer('status').notNull(),
  },
  (t) => [index('acc_credentials_date_idx').on(t.accreditationDate)],
);

/** Terminal binding queue (FilaVinculacao). */
export const accBindings = pgTable(
  'acc_bindings',
  {
    ...portalColumns(),
    serialNumber: text('serial_number').notNull(),
    patrimony: text('patrimony').notNull(),
    ...createdAt(),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [index('acc_bindings_created_idx').on(t.createdAt)],
);

/** The weekly database maintenance (one row, id 1). */
export const accMaintenance = pgTable('acc_maintenance', {
  id: integer('id').primaryKey(),
  isRunning: boolean('is_running').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  stoppedBy: uuid('stopped_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Append-only: rows are inserted with every state change and never updated or deleted by the app. */
export const accAudit = pgTable(
  'acc_audit',
  {
    ...id(),
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    /** e.g. proposal.activate, maintenance.stop, binding.done, mcc.manual, contact.update */
    action: text('action').notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    ...createdAt(),
  },
  (t) => [index('acc_audit_venue_idx').on(t.venueId, t.createdAt)],
);
