/** Demo payment methods of the restaurant: what a Brazilian restaurant takes. */
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { paymentMethods } from '../../db/schema/payment-methods';

export async function seedPaymentMethodsDemo({ tx, venues }: DemoSeedContext): Promise<void> {
  await tx.insert(paymentMethods).values([
    { venueId: venues.restaurant, name: 'Dinheiro', kind: 1 },
    { venueId: venues.restaurant, name: 'Cartão de crédito', kind: 2 },
    { venueId: venues.restaurant, name: 'Cartão de débito', kind: 3 },
    { venueId: venues.restaurant, name: 'Pix', kind: 4 },
    { venueId: venues.restaurant, name: 'Vale-refeição', kind: 5 },
    { venueId: venues.restaurant, name: 'Cheque', kind: 6, active: false },
  ]);
}
