/**
 * Demo data of the table's bill (issue 41), after the waiter's open table orders (only for a real
 * demo: npm start on an empty database, npm run seed:demo): Mesa 3's bill is open, split by two, and
 * the first half was paid by card, so a newcomer sees a bill with something paid and something left.
 * The venue's bill settings say 10 % of service and no couvert (a manager changes them in
 * Configuração do Meep Food › Conta da mesa).
 */
import { and, eq } from 'drizzle-orm';
import { splitEqually } from '../../../shared/table-bill';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { kdsTables } from '../../db/schema/orders';
import { tableBillPayments, tableBillSettings } from '../../db/schema/table-bill';
import { DEFAULT_SERVICE_RATE_BPS } from '../../../shared/table-bill';
import { openFiguresOf, openLines } from './table-bill.repository';
import { lockOpenBill } from './table-bill.repository';

export async function seedDemoTableBill(db: Db, venueId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tableBillSettings).values({ venueId, serviceRateBps: DEFAULT_SERVICE_RATE_BPS, couvertCents: null }).onConflictDoNothing();
    const [table] = await tx.select({ id: kdsTables.id, name: kdsTables.name, venueId: kdsTables.venueId }).from(kdsTables).where(and(eq(kdsTables.venueId, venueId), eq(kdsTables.name, 'Mesa 3')));
    const [waiter] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'garcom@balcao.dev'));
    if (!table || !waiter) return;
    const lines = await openLines(tx, table, null);
    if (!lines.length) return;
    const bill = await lockOpenBill(tx, table, waiter.id);
    const [half] = splitEqually((await openFiguresOf(tx, table, bill)).figures.totalCents, 2);
    await tx.insert(tableBillPayments).values({ billId: bill.id, venueId, method: 'card', status: 'paid', amountCents: half, shareIndex: 1, shareCount: 2, createdBy: waiter.id, paidAt: new Date() });
  });
}
