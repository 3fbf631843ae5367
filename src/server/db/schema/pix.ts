/**
 * Pix charges made at the PSP through API Pix (one row per txid) for payment links and donations.
 * The webhook and the status poll mark a charge paid only after reading it back from the PSP; the
 * owner (kind + ref_id) is then updated in the same transaction, once.
 */
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, venueRef } from '../columns';

export const pixCharges = pgTable(
  'pix_charges',
  {
    /** API Pix txid: 26 to 35 letters and digits, chosen by us. */
    txid: varchar('txid', { length: 35 }).primaryKey(),
    venueId: venueRef(),
    /** Who owns the charge: 'payment-link' (payment_link_payments.id) | 'donation' (donations.id). */
    kind: text('kind').notNull(),
    refId: uuid('ref_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The receiver's key the charge was made for (a paid charge must carry the same). */
    pixKey: varchar('pix_key', { length: 77 }).notNull(),
    /** 'pending' | 'paid' */
    status: text('status').notNull().default('pending'),
    endToEndId: varchar('end_to_end_id', { length: 32 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...createdAt(),
  },
  (t) => [index('pix_charges_ref_idx').on(t.kind, t.refId)],
);

/**
 * A refund (API Pix devolução) asked on the finance Pix page, sent to the PSP by the job queue
 * (job `pix.devolucao`). The ledger (finance_pix_orders.refunded_cents) is reserved when it is asked;
 * the job calls `PUT /pix/{e2eid}/devolucao/{id}` with this row's id on every attempt (API Pix: the
 * same id is the same devolução, never a second one), then records it as done, or as failed and gives
 * the reserved value back.
 */
export const pixDevolucoes = pgTable(
  'pix_devolucoes',
  {
    /** The devolução id sent to the PSP (API Pix: 1 to 35 letters and digits); 32 hex characters. */
    id: varchar('id', { length: 35 }).primaryKey(),
    venueId: venueRef(),
    /** finance_pix_orders.id */
    pixOrderId: uuid('pix_order_id').notNull(),
    endToEndId: varchar('end_to_end_id', { length: 32 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'pending' | 'done' | 'failed' */
    status: text('status').notNull().default('pending'),
    /** The PSP's rtrId once done. */
    rtrId: varchar('rtr_id', { length: 32 }),
    /** Why it failed, in pt-BR, as shown on the finance page. */
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    ...createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('pix_devolucoes_order_idx').on(t.pixOrderId, t.createdAt)],
);
