/**
 * Donations (spec 000 §3): events, the bank accounts institutions are paid into, institutions,
 * donation links and the donations themselves (one row per payment attempt through the acquirer).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentRef, venueColumns } from '../columns';
import { products } from './products';

export const donationEvents = pgTable(
  'donation_events',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** Public slug of the donor's page, unique across venues. */
    link: text('link').notNull(),
    linkOfLive: text('link_of_live').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull(),
    bannerWeb: text('banner_web').notNull().default(''),
    bannerMobile: text('banner_mobile').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    faq: jsonb('faq').$type<Array<{ question: string; answer: string }>>().notNull().default([]),
    showValueAbove: boolean('show_value_above').notNull().default(false),
    colorTheme: text('color_theme').notNull().default('#C00D1E'),
    /** Sanitised HTML (DOMPurify on save). */
    detailHtml: text('detail_html').notNull().default(''),
    aboutProjectHtml: text('about_project_html').notNull().default(''),
    customThanks: text('custom_thanks').notNull().default(''),
    whichInstitution: text('which_institution').notNull().default(''),
    labelButtonDonate: text('label_button_donate').notNull().default(''),
    contactPhrase: text('contact_phrase').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    ...createdAt(),
  },
  (t) => [index('donation_events_venue_idx').on(t.venueId), uniqueIndex('donation_events_link_idx').on(t.link)],
);

export const donationBankAccounts = pgTable(
  'donation_bank_accounts',
  {
    ...venueColumns(),
    description: text('description').notNull(),
    /** Pix key the sandbox BR Code uses for this account. */
    pixKey: text('pix_key').notNull().default(''),
  },
  (t) => [index('donation_bank_accounts_venue_idx').on(t.venueId)],
);

export const donationInstitutes = pgTable(
  'donation_institutes',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    bankAccountId: uuid('bank_account_id').notNull().references(() => donationBankAccounts.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id').notNull().references(() => donationEvents.id, { onDelete: 'restrict' }),
    ...createdAt(),
    /** An institution that received donations is archived instead of deleted: its donations stay in the reports. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('donation_institutes_venue_idx').on(t.venueId), index('donation_institutes_event_idx').on(t.eventId)],
);

export const donationLinks = pgTable(
  'donation_links',
  {
    ...venueColumns(),
    /** The acquirer's id for this link (the sandbox makes one up). */
    gatewayLinkId: text('gateway_link_id').notNull(),
    showLink: boolean('show_link').notNull().default(true),
    description: text('description').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    eventId: parentRef('event_id', () => donationEvents.id),
    instituteId: uuid('institute_id').notNull().references(() => donationInstitutes.id, { onDelete: 'restrict' }),
    ...createdAt(),
  },
  (t) => [uniqueIndex('donation_links_gateway_idx').on(t.gatewayLinkId), index('donation_links_institute_idx').on(t.instituteId)],
);

export const donations = pgTable(
  'donations',
  {
    ...venueColumns(),
    eventId: parentRef('event_id', () => donationEvents.id),
    instituteId: parentRef('institute_id', () => donationInstitutes.id),
    linkId: uuid('link_id').references(() => donationLinks.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    /** pix | card */
    method: text('method').notNull(),
    /** pending | paid | failed */
    status: text('status').notNull().default('pending'),
    donorName: text('donor_name').notNull(),
    donorDocument: text('donor_document').notNull().default(''),
    donorEmail: text('donor_email').notNull().default(''),
    donorPhone: text('donor_phone').notNull().default(''),
    acquirerId: text('acquirer_id').notNull().default(''),
    brCode: text('br_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the acquirer pays the institution (receivables table). */
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    ...createdAt(),
  },
  (t) => [index('donations_event_idx').on(t.eventId, t.status, t.paidAt), index('donations_venue_idx').on(t.venueId)],
);
