/** Payment-link queries: links with their product, payment count and total collected. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentLink } from '../../../shared/contract/payment-links';
import { linkState } from '../../../shared/payment-links';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { paymentLinkPayments, paymentLinks } from '../../db/schema/payment-links';
import { venueAddresses, venues } from '../../db/schema/venues';

const paid = sql<number>`(select count(*)::int from ${paymentLinkPayments} p where p.link_id = ${paymentLinks.id} and p.status = 'paid')`;
const collected = sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from ${paymentLinkPayments} p where p.link_id = ${paymentLinks.id} and p.status = 'paid')`;

const selection = {
  link: paymentLinks,
  productName: products.name,
  productValue: products.valueCents,
  paidCount: paid,
  collectedCents: collected,
};

type Row = { link: typeof paymentLinks.$inferSelect; productName: string | null; productValue: number | null; paidCount: number; collectedCents: number };

export function toLink(r: Row): PaymentLink {
  const l = r.link;
  return {
    id: l.id,
    price: l.priceCents / 100,
    description: l.description,
    maximumInstallments: l.maximumInstallments,
    expirationDate: l.expirationDate?.toISOString() ?? null,
    allowPaymentSlip: l.allowPaymentSlip,
    authenticated: l.authenticated,
    productId: l.productId,
    localId: l.venueId,
    product: l.productId && r.productName !== null ? { id: l.productId, nome: r.productName, valor: (r.productValue ?? 0) / 100 } : null,
    singleUse: l.singleUse,
    state: linkState({ expirationDate: l.expirationDate, deletedAt: l.deletedAt, singleUse: l.singleUse, paidCount: r.paidCount }),
    paymentsCount: r.paidCount,
    totalCollected: r.collectedCents / 100,
  };
}

/** The venue's links that were not deleted, newest first. */
export async function listLinks(db: Db, venueId: string): Promise<PaymentLink[]> {
  const rows = await db
    .select(selection)
    .from(paymentLinks)
    .leftJoin(products, eq(products.id, paymentLinks.productId))
    .where(and(eq(paymentLinks.venueId, venueId), isNull(paymentLinks.deletedAt)))
    .orderBy(desc(paymentLinks.createdAt), asc(paymentLinks.id));
  return rows.map(toLink);
}

/** A link by id (deleted ones too), with the venue's name and city for the pay page. */
export async function linkById(db: Db, id: string) {
  const [r] = await db
    .select({ ...selection, venueName: venues.name, venueCity: venueAddresses.city })
    .from(paymentLinks)
    .innerJoin(venues, eq(venues.id, paymentLinks.venueId))
    .leftJoin(venueAddresses, eq(venueAddresses.venueId, paymentLinks.venueId))
    .leftJoin(products, eq(products.id, paymentLinks.productId))
    .where(eq(paymentLinks.id, id));
  return r ? { ...r, dto: toLink(r) } : null;
}
