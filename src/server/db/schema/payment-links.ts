/** Payment links (spec 000 §3 Payment link) and the payments made through their public page. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, timestamps, venueColumns, venueRef } from '../columns';
import { products } from './products';

export const paymentLinks = pgTable(
  'payment_links',
  {
    ...venueColumns(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    maximumInstallments: integer('maximum_installments').notNull().default(0),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    allowPaymentSlip: boolean('allow_payment_slip').notNull().default(false),
    authenticated: boolean('authenticated').notNull().default(false),
    /** Ours: the link takes one payment, then says it was already used. */
    singleUse: boolean('single_use').notNull().default(false),
    ...timestamps(),
    /** Deleted links stay so their public page can say so and their payments are kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('payment_links_venue_idx').on(t.venueId, t.createdAt)],
);

export const paymentLinkPayments = pgTable(
  'payment_link_payments',
  {
    ...id(),
    linkId: parentRef('link_id', () => paymentLinks.id),
    venueId: venueRef(),
    /** 'pix' | 'card' | 'boleto' */
    method: text('method').notNull(),
    /** 'pending' | 'paid' | 'declined' */
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    installments: integer('installments').notNull().default(1),
    /** Which acquirer adapter took it ('sandbox' or the provider's name) and its reference. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Pix: the copy-and-paste BR Code and its txid. */
    brCode: text('br_code'),
    txid: text('txid'),
    /** Boleto: the 47-digit linha digitável and its due day (YYYY-MM-DD, America/Sao_Paulo). */
    boletoLine: text('boleto_line'),
    boletoDueDate: text('boleto_due_date'),
    /** Card: last four digits only. */
    cardLast4: text('card_last4'),
    /** When the link asks for an identified customer ("Cliente autenticado"). */
    payerName: text('payer_name'),
    payerCpf: text('payer_cpf'),
    /** Copied from the link when the payment is made: a single-use link takes one paid or in-flight payment (index below). */
    singleUse: boolean('single_use').notNull().default(false),
    ...createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_link_payments_link_idx').on(t.linkId, t.status),
    // Two processes can never both take a single-use link: one paid or in-flight payment per link.
    uniqueIndex('payment_link_payments_single_use_idx').on(t.linkId).where(sql`${t.singleUse} and ${t.status} in ('pending', 'paid')`),
  ],
);
