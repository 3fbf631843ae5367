/**
 * Finance ledger (spec 001 §2.15): a venue's bank accounts, card and Pix transactions captured by the
 * acquirers, processing requests, withdrawals and the remittance files that carry them, bank
 * transfers, Pix refunds, ERP invoices, and an append-only audit log. Money is integer cents; the
 * database itself refuses a refund above the payment (check constraint).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bankAccountNumber, createdAt, id, parentRef, venueColumns, venueKey, venueRef } from '../columns';


export const financeBankAccounts = pgTable('finance_bank_accounts', {
  ...venueColumns(),
  description: text('description').notNull(),
  bankCode: text('bank_code').notNull(),
  agency: text('agency').notNull(),
  account: text('account').notNull(),
  /** The payments provider's own account (its label is prefixed with the provider's name). */
  ownProvider: boolean('own_provider').notNull().default(false),
});

/** Card transactions as the acquirer captured them, until processed into the venue's account. */
export const financeTransactions = pgTable(
  'finance_transactions',
  {
    ...venueColumns(),
    acquirer: integer('acquirer').notNull(),
    acquirerTransactionId: text('acquirer_transaction_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    cardLastDigits: text('card_last_digits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    /** POS transaction id given when processed (totem) or by the process request. */
    posTransactionId: text('pos_transaction_id'),
    processRequestId: uuid('process_request_id'),
    bankAccountId: uuid('bank_account_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('finance_transactions_acq_uq').on(t.acquirer, t.acquirerTransactionId), index('finance_transactions_venue_idx').on(t.venueId, t.capturedAt), check('finance_transactions_amount_ck', sql`${t.amountCents} > 0`)],
);

export const financeProcessRequests = pgTable('finance_process_requests', {
  ...venueColumns(),
  acquirer: integer('acquirer').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  endDay: date('end_day', { mode: 'string' }).notNull(),
  cardLastDigits: text('card_last_digits'),
  serials: jsonb('serials').$type<string[]>().notNull(),
  transactionCount: integer('transaction_count').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdBy: uuid('created_by').notNull(),
  ...createdAt(),
});

export const financeWithdrawals = pgTable(
  'finance_withdrawals',
  {
    ...venueColumns(),
    /** TED, PIX, BS2 (transfer inside the bank), AGENDADO. */
    type: text('type').notNull(),
    holderName: text('holder_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    ...createdAt(),
    receivedOn: date('received_on', { mode: 'string' }),
    remittanceId: uuid('remittance_id'),
  },
  (t) => [index('finance_withdrawals_venue_idx').on(t.venueId, t.createdAt), check('finance_withdrawals_amount_ck', sql`${t.amountCents} > 0`)],
);

export const financeRemittances = pgTable('finance_remittances', {
  ...venueColumns(),
  fileName: text('file_name').notNull(),
  relativePath: text('relative_path').notNull(),
  withdrawalCount: integer('withdrawal_count').notNull(),
  amountCents: integer('amount_cents').notNull(),
  emailedTo: text('emailed_to').notNull(),
  createdBy: uuid('created_by').notNull(),
  ...createdAt(),
});

export const financeTransfers = pgTable(
  'finance_transfers',
  {
    ...venueColumns(),
    ...bankAccountNumber(),
    accountType: integer('account_type').notNull(),
    document: text('document').notNull(),
    holderName: text('holder_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * 'pending' (stored with its Idempotency-Key, the bank not asked yet or the call under way),
     * 'checking' ("em verificação": the bank did not answer in time; the settle job asks it),
     * 'sent' (the bank's protocol), 'failed' (the bank refused it: `error`). The row's id is the
     * Idempotency-Key the bank receives.
     */
    status: text('status').notNull().default('sent'),
    protocol: text('protocol'),
    error: text('error'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    ...createdAt(),
  },
  (t) => [
    check('finance_transfers_amount_ck', sql`${t.amountCents} > 0`),
    check('finance_transfers_status_ck', sql`${t.status} in ('pending', 'checking', 'sent', 'failed')`),
    check('finance_transfers_sent_protocol_ck', sql`${t.status} <> 'sent' or ${t.protocol} is not null`),
  ],
);

export const financePixOrders = pgTable(
  'finance_pix_orders',
  {
    ...venueColumns(),
    endToEndId: text('end_to_end_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** pending, approved, cancelled, chargeback (spec 001 §4). */
    status: text('status').notNull(),
    acquirerId: integer('acquirer_id').notNull(),
    posTransactionId: text('pos_transaction_id'),
    ...createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('finance_pix_orders_e2e_uq').on(t.endToEndId),
    // The venue's recent Pix payments, newest first (GetRecentPixPaymentOrders: read backwards).
    index('finance_pix_orders_venue_recent_idx').on(t.venueId, t.createdAt, t.id),
    check('finance_pix_orders_amount_ck', sql`${t.amountCents} > 0`),
    // The ledger's last line of defence: never more refunded than paid.
    check('finance_pix_orders_refund_ck', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

export const financePixRefunds = pgTable('finance_pix_refunds', {
  ...venueColumns(),
  pixOrderId: parentRef('pix_order_id', () => financePixOrders.id),
  amountCents: integer('amount_cents').notNull(),
  acquirerRefundId: text('acquirer_refund_id').notNull(),
  createdBy: uuid('created_by').notNull(),
  ...createdAt(),
});

/** Which venues are mapped to the ERP (the dashboard shows only then). */
export const financeErpMappings = pgTable('finance_erp_mappings', {
  venueId: venueKey(),
  erp: text('erp').notNull(),
  ...createdAt(),
});

/** A POS cash-register session (caixa) whose orders become ERP invoices. */
export const financeErpSessions = pgTable('finance_erp_sessions', {
  ...venueColumns(),
  name: text('name').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
});

export const financeErpInvoices = pgTable(
  'finance_erp_invoices',
  {
    ...venueColumns(),
    sessionId: parentRef('session_id', () => financeErpSessions.id),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    items: jsonb('items').$type<Array<{ quantity: number; name: string; valueCents: number; ncm: string | null }>>().notNull(),
    totalCents: integer('total_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** pending or integrated. */
    status: text('status').notNull(),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    erpNumber: text('erp_number'),
  },
  (t) => [index('finance_erp_invoices_session_idx').on(t.sessionId, t.status)],
);

/**
 * One send of an ERP invoice (issue 36, exactly once): stored with its Idempotency-Key before the ERP
 * is called; the row's id is the Idempotency-Key the ERP receives. 'sending' (the call under way),
 * 'checking' ("em verificação": the ERP did not answer in time; the settle job asks it
 * GET /invoices/{id}), 'integrated' (`erpNumber`) or 'refused' (`errors`). One reprocess (one invoice,
 * or a session's reprocess-all) is one batch. At most one open send per invoice (partial unique index).
 */
export const financeErpExports = pgTable(
  'finance_erp_exports',
  {
    ...id(),
    batchId: uuid('batch_id').notNull(),
    venueId: venueRef(),
    invoiceId: parentRef('invoice_id', () => financeErpInvoices.id),
    state: text('state').notNull().default('sending'),
    erpNumber: text('erp_number'),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').notNull(),
    ...createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('finance_erp_exports_batch_idx').on(t.batchId),
    uniqueIndex('finance_erp_exports_open_uq').on(t.invoiceId).where(sql`${t.state} in ('sending', 'checking')`),
    check('finance_erp_exports_state_ck', sql`${t.state} in ('sending', 'checking', 'integrated', 'refused')`),
  ],
);

/**
 * Append-only: who did what to which money record, and when. The module only ever inserts here
 * (no update or delete path exists in code).
 */
export const financeAuditLog = pgTable(
  'finance_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    venueId: uuid('venue_id').notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    detail: jsonb('detail').notNull(),
    ...createdAt(),
  },
  (t) => [index('finance_audit_venue_idx').on(t.venueId, t.createdAt)],
);
