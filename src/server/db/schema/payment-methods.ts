/** Payment methods of a place (/cadastro/formasPagamento, issue 24). */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, venueColumns } from '../columns';

export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    /** PAYMENT_METHOD_KINDS in src/shared/payment-methods.ts. */
    kind: integer('kind').notNull(),
    active: boolean('active').notNull().default(true),
    ...createdAt(),
  },
  (t) => [index('payment_methods_venue_idx').on(t.venueId)],
);
