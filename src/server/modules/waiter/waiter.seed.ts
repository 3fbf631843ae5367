/**
 * Demo data of the waiter's area: the restaurant gets twelve tables (the orders seed made Mesa 1-10),
 * inside the demo seed; and, like the sales history, only for a real demo (npm start on an empty
 * database, npm run seed:demo) a few open table orders, one already ready to take to the table, so
 * the waiter's screen is real from the first sign-in (garcom@balcao.dev). API tests re-seed before
 * every test and count the seeded orders, so they do not get these unless a test asks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DELIVERY_KIND, ORDER_ORIGIN, ORDER_STATE, type OrderStateId } from '../../../shared/orders';
import { WAITER_PAYMENT_TYPE_ID } from '../../../shared/waiter';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { kdsSettings, kdsTables } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { insertSeedOrder, SEED_PATH } from '../orders/orders.seed';
import { seedDemoTableBill } from '../table-bill/table-bill.seed';

interface SeedOrder {
  table: string;
  minutesAgo: number;
  state: OrderStateId;
  items: Array<{
    name: string;
    quantity: number;
    extraCents?: number;
    notes?: Array<{ Descricao: string; Opcoes: string[] }>;
  }>;
  note?: string;
}

const OPEN_TABLE_ORDERS: SeedOrder[] = [
  {
    table: 'Mesa 1',
    minutesAgo: 14,
    state: ORDER_STATE.EmTransporte,
    items: [
      {
        name: 'X-Burger',
        quantity: 2,
        extraCents: 600,
        notes: [
          {
            Descricao: 'Adicionais',
            Opcoes: ['1x Bacon extra', '1x Queijo extra (grátis)'],
          },
          { Descricao: 'Ponto da carne', Opcoes: ['Ao ponto'] },
        ],
      },
      { name: 'Refrigerante lata', quantity: 2 },
    ],
  },
  {
    table: 'Mesa 3',
    minutesAgo: 11,
    state: ORDER_STATE.EmPreparo,
    items: [
      {
        name: 'Batata frita',
        quantity: 1,
        extraCents: 700,
        notes: [{ Descricao: 'Adicionais', Opcoes: ['1x Cheddar cremoso'] }],
      },
      { name: 'Suco natural de laranja', quantity: 2 },
    ],
  },
  {
    table: 'Mesa 3',
    minutesAgo: 3,
    state: ORDER_STATE.Aceito,
    items: [{ name: 'Pudim de leite', quantity: 2 }],
    note: 'Sobremesa depois do prato principal.',
  },
  {
    table: 'Mesa 11',
    minutesAgo: 8,
    state: ORDER_STATE.EmPreparo,
    items: [
      {
        name: 'X-Bacon',
        quantity: 1,
        notes: [{ Descricao: 'Retirar ingredientes', Opcoes: ['Sem cebola'] }],
      },
    ],
  },
];


/** Inside the demo seed: tables Mesa 11 and Mesa 12. */
export async function seedWaiterDemo(ctx: DemoSeedContext): Promise<void> {
  const venueId = ctx.venues.restaurant;
  await ctx.tx
    .insert(kdsTables)
    .values([11, 12].map((n) => ({ venueId, name: `Mesa ${n}`, position: n })))
    .onConflictDoNothing();
}

/** After the demo seed (npm start on an empty database, seed:demo): open table orders of the restaurant. */
export async function seedDemoWaiterOrders(db: Db, venueId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = new Map((await tx.select({ id: kdsTables.id, name: kdsTables.name }).from(kdsTables).where(eq(kdsTables.venueId, venueId))).map((t) => [t.name, t.id]));
    const names = [...new Set(OPEN_TABLE_ORDERS.flatMap((o) => o.items.map((i) => i.name)))];
    const catalogue = new Map(
      (
        await tx
          .select({
            id: products.id,
            name: products.name,
            cents: products.valueCents,
            station: products.defaultPrinterId,
          })
          .from(products)
          .where(and(eq(products.venueId, venueId), inArray(products.name, names)))
      ).map((p) => [p.name, p]),
    );
    const [settings] = await tx.select({ last: kdsSettings.lastOrderCode }).from(kdsSettings).where(eq(kdsSettings.venueId, venueId));
    let code = settings?.last ?? 0;
    const people = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, ['garcom@balcao.dev', 'cozinha@balcao.dev']))
      ).map((u) => [u.email, u.id]),
    );
    const waiter = people.get('garcom@balcao.dev') ?? null;
    const kitchen = people.get('cozinha@balcao.dev') ?? null;
    for (const d of [...OPEN_TABLE_ORDERS].sort((a, b) => b.minutesAgo - a.minutesAgo)) {
      code++;
      const createdAt = new Date(Date.now() - d.minutesAgo * 60_000);
      const path = SEED_PATH[d.state];
      const stepAt = (i: number) => new Date(createdAt.getTime() + i * Math.min(3, d.minutesAgo / (path.length + 1)) * 60_000);
      const items = d.items.map((i, position) => {
        const p = catalogue.get(i.name);
        return {
          position,
          productId: p?.id ?? null,
          name: i.name,
          quantity: i.quantity,
          unitCents: (p?.cents ?? 0) + (i.extraCents ?? 0),
          // The product's station, as intake stamps it (null: the venue's default station).
          printerName: p?.station ?? null,
          notes: i.notes ?? [],
        };
      });
      const customer = {
        Nome: d.table,
        CPF: null,
        Telefone: '',
        Endereco: null,
      };
      const last = path.length - 1;
      await insertSeedOrder(
        tx,
        {
          venueId,
          code,
          createdAt,
          origin: ORDER_ORIGIN.own,
          deliveryKind: DELIVERY_KIND.table,
          tableId: tables.get(d.table) ?? null,
          tableName: d.table,
          customer,
          note: d.note ?? null,
          paymentTypeId: WAITER_PAYMENT_TYPE_ID,
          payOnDelivery: true,
          timerSeconds: d.state === ORDER_STATE.EmTransporte ? Math.round((stepAt(last).getTime() - createdAt.getTime()) / 1000) : null,
        },
        items,
        path,
        stepAt,
        (i) => (i === 0 ? waiter : kitchen),
      );
    }
    await tx.update(kdsSettings).set({ lastOrderCode: code }).where(eq(kdsSettings.venueId, venueId));
  });
  // Issue 41: Mesa 3's bill is open with half of it paid.
  await seedDemoTableBill(db, venueId);
}
