/** Demo payment links for the restaurant: one open with a product and payments, one open by value (single use, boleto allowed), one expired. */
import { and, asc, desc, eq } from 'drizzle-orm';
import { products } from '../../db/schema/products';
import { paymentLinkPayments, paymentLinks } from '../../db/schema/payment-links';
import type { DemoSeedContext } from '../../db/demo-seed-context';

export async function seedPaymentLinksDemo({ tx, venues }: DemoSeedContext): Promise<void> {
  const venueId = venues.restaurant;
  const [product] = await tx.select({ id: products.id, valueCents: products.valueCents }).from(products).where(and(eq(products.venueId, venueId))).orderBy(desc(products.valueCents), asc(products.name)).limit(1);
  const day = 86_400_000;
  const [withProduct, byValue] = await tx
    .insert(paymentLinks)
    .values([
      { venueId, productId: product?.id ?? null, priceCents: product?.valueCents || 4990, description: 'Pagamento antecipado do pedido para retirada no balcão.', maximumInstallments: 3, expirationDate: new Date(Date.now() + 30 * day), allowPaymentSlip: false, authenticated: false },
      { venueId, priceCents: 25000, description: 'Sinal da reserva do salão para aniversário (até 30 pessoas).', maximumInstallments: 0, singleUse: true, allowPaymentSlip: true },
      { venueId, priceCents: 8900, description: 'Jantar harmonizado de sexta-feira (encerrado).', maximumInstallments: 2, expirationDate: new Date(Date.now() - 3 * day) },
    ])
    .returning({ id: paymentLinks.id, priceCents: paymentLinks.priceCents });
  void byValue;
  await tx.insert(paymentLinkPayments).values([
    { linkId: withProduct.id, venueId, method: 'pix', status: 'paid', amountCents: withProduct.priceCents, provider: 'sandbox', payerName: 'Juliana Castro', payerCpf: '52998224725', createdAt: new Date(Date.now() - 2 * day - 60_000), paidAt: new Date(Date.now() - 2 * day) },
    { linkId: withProduct.id, venueId, method: 'card', status: 'paid', amountCents: withProduct.priceCents, installments: 2, provider: 'sandbox', cardLast4: '1111', createdAt: new Date(Date.now() - day - 60_000), paidAt: new Date(Date.now() - day) },
  ]);
}
