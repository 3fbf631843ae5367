/**
 * Demo data of the orders module, added inside the demo seed's transaction: the workflow states
 * and board settings of every venue, the restaurant's tables and carriers, and orders in every
 * state (delivery, pickup and table; own platform and marketplace; notes and options), plus one
 * order at the school so venue isolation can be seen.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_PREP_MINUTES, DEFAULT_STATION, DEFAULT_WORKFLOW_STATES, DELIVERY_KIND, ORDER_ORIGIN, ORDER_STATE, PAYMENT_TYPES, type OrderStateId } from '../../../shared/orders';
import type { Db } from '../../db/client';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { productCategories, products } from '../../db/schema/products';
import { carriers, kdsSettings, kdsTables, orderItems, orders, orderStateHistory, workflowStates, type OrderCustomer } from '../../db/schema/orders';
import { stores } from '../../db/schema/venues';
import { newCode } from '../../lib/crypto';
import { searchTextOf } from './orders.repository';

interface DemoItem {
  name: string;
  quantity: number;
  cents: number;
  printer?: string;
  notes?: Array<{ Descricao: string; Opcoes: string[] }>;
}

interface DemoOrder {
  minutesAgo: number;
  state: OrderStateId;
  origin: number;
  kind: number;
  customer: OrderCustomer;
  items: DemoItem[];
  payment: number;
  changeFor?: number;
  fee?: number;
  note?: string;
  table?: string;
  deliveryTime?: number;
  external?: string;
  carrier?: boolean;
}

const address = (Logradouro: string, Numero: string, Bairro: string, Referencia = ''): NonNullable<OrderCustomer['Endereco']> => ({
  Logradouro,
  Numero,
  Complemento: '',
  Bairro,
  Cidade: 'São Paulo',
  UF: 'SP',
  CEP: '01304001',
  Referencia,
});

/** The path each state is reached by, for a coherent history. */
/** The states a demo order went through to reach its own (the key), intake first. */
export const SEED_PATH: Record<number, OrderStateId[]> = {
  [ORDER_STATE.Pendente]: [1],
  [ORDER_STATE.Aceito]: [1, 2],
  [ORDER_STATE.EmPreparo]: [1, 2, 3],
  [ORDER_STATE.EmTransporte]: [1, 2, 3, 4],
  [ORDER_STATE.Entregue]: [1, 2, 3, 4, 5],
  [ORDER_STATE.Recusado]: [1, 6],
};

const RESTAURANT_ORDERS: DemoOrder[] = [
  {
    minutesAgo: 2, state: 1, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.delivery, payment: 1, changeFor: 100, fee: 7,
    customer: { Nome: 'Mariana Souza', CPF: null, Telefone: '(11) 98765-4321', Endereco: address('Rua Haddock Lobo', '595', 'Cerqueira César', 'Portão azul') },
    items: [
      { name: 'X-Burger artesanal', quantity: 2, cents: 3290, printer: 'Cozinha', notes: [{ Descricao: 'Ponto da carne', Opcoes: ['Ao ponto'] }, { Descricao: 'Sem cebola', Opcoes: [] }] },
      { name: 'Refrigerante lata', quantity: 2, cents: 700, printer: 'Bar' },
    ],
    note: 'Interfone quebrado, ligar ao chegar.',
  },
  {
    minutesAgo: 6, state: 1, origin: ORDER_ORIGIN.marketplace, kind: DELIVERY_KIND.delivery, payment: 5, fee: 5.9, external: 'IFD-48213',
    customer: { Nome: 'Rafael Lima', CPF: '52998224725', Telefone: '(11) 91234-5678', Endereco: address('Alameda Santos', '1000', 'Jardim Paulista') },
    items: [{ name: 'Feijoada individual', quantity: 1, cents: 4590, printer: 'Cozinha', notes: [{ Descricao: 'Acompanhamentos', Opcoes: ['Couve', 'Farofa', 'Laranja'] }] }],
  },
  {
    minutesAgo: 9, state: 1, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.table, payment: 2, table: 'Mesa 4',
    customer: { Nome: 'Mesa 4', CPF: null, Telefone: '', Endereco: null },
    items: [
      { name: 'Porção de batata frita', quantity: 1, cents: 2890, printer: 'Cozinha', notes: [{ Descricao: 'Molhos', Opcoes: ['Cheddar', 'Bacon'] }] },
      { name: 'Chope 300 ml', quantity: 3, cents: 1290, printer: 'Bar' },
    ],
  },
  {
    minutesAgo: 14, state: 2, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.pickup, payment: 4, deliveryTime: 20,
    customer: { Nome: 'Beatriz Alves', CPF: null, Telefone: '(11) 97777-1212', Endereco: null },
    items: [{ name: 'Salada Caesar', quantity: 1, cents: 3190, notes: [{ Descricao: 'Alergia a amendoim', Opcoes: [] }] }],
    note: 'Cliente retira no balcão.',
  },
  {
    minutesAgo: 18, state: 2, origin: ORDER_ORIGIN.marketplace, kind: DELIVERY_KIND.delivery, payment: 5, fee: 4.5, deliveryTime: 45, external: 'IFD-48190',
    customer: { Nome: 'Thiago Martins', CPF: '11144477735', Telefone: '(11) 95555-3030', Endereco: address('Rua Oscar Freire', '800', 'Jardins') },
    items: [
      { name: 'Parmegiana de frango', quantity: 1, cents: 4290, notes: [{ Descricao: 'Acompanhamento', Opcoes: ['Arroz', 'Fritas'] }] },
      { name: 'Pudim', quantity: 1, cents: 1490 },
    ],
  },
  {
    minutesAgo: 24, state: 3, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.delivery, payment: 1, changeFor: 50, fee: 7, deliveryTime: 40,
    customer: { Nome: 'Fernanda Rocha', CPF: null, Telefone: '(11) 96666-4040', Endereco: address('Rua Bela Cintra', '1200', 'Consolação', 'Ao lado da farmácia') },
    items: [{ name: 'Pizza margherita', quantity: 1, cents: 5490, notes: [{ Descricao: 'Borda', Opcoes: ['Catupiry'] }] }],
  },
  {
    minutesAgo: 27, state: 3, origin: ORDER_ORIGIN.marketplace, kind: DELIVERY_KIND.pickup, payment: 5, deliveryTime: 25, external: 'IFD-48177',
    customer: { Nome: 'Lucas Pereira', CPF: '39053344705', Telefone: '(11) 94444-5050', Endereco: null },
    items: [{ name: 'Combo executivo', quantity: 2, cents: 3590, notes: [{ Descricao: 'Bebida', Opcoes: ['Suco de laranja'] }] }],
  },
  {
    minutesAgo: 35, state: 4, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.delivery, payment: 3, fee: 7, deliveryTime: 40, carrier: true,
    customer: { Nome: 'Paulo Henrique', CPF: null, Telefone: '(11) 93333-6060', Endereco: address('Rua da Consolação', '2300', 'Consolação') },
    items: [{ name: 'Lasanha à bolonhesa', quantity: 2, cents: 3990 }],
  },
  {
    minutesAgo: 41, state: 4, origin: ORDER_ORIGIN.marketplace, kind: DELIVERY_KIND.delivery, payment: 5, fee: 6, deliveryTime: 50, external: 'IFD-48102',
    customer: { Nome: 'Camila Duarte', CPF: '15350946056', Telefone: '(11) 92222-7070', Endereco: address('Avenida Paulista', '1578', 'Bela Vista') },
    items: [{ name: 'Hambúrguer vegano', quantity: 1, cents: 3490, notes: [{ Descricao: 'Sem maionese', Opcoes: [] }] }],
  },
  {
    minutesAgo: 70, state: 5, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.table, payment: 2, table: 'Mesa 2', deliveryTime: 15,
    customer: { Nome: 'Mesa 2', CPF: null, Telefone: '', Endereco: null },
    items: [{ name: 'Caipirinha de limão', quantity: 2, cents: 1890, printer: 'Bar' }],
  },
  {
    minutesAgo: 95, state: 5, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.pickup, payment: 4, deliveryTime: 20,
    customer: { Nome: 'Gabriela Nunes', CPF: null, Telefone: '(11) 91111-8080', Endereco: null },
    items: [{ name: 'Açaí 500 ml', quantity: 1, cents: 2290, notes: [{ Descricao: 'Adicionais', Opcoes: ['Granola', 'Banana'] }] }],
  },
  {
    minutesAgo: 50, state: 6, origin: ORDER_ORIGIN.marketplace, kind: DELIVERY_KIND.delivery, payment: 5, fee: 5, external: 'IFD-48055',
    customer: { Nome: 'Diego Costa', CPF: '86288366757', Telefone: '(11) 90000-9090', Endereco: address('Rua Frei Caneca', '500', 'Consolação') },
    items: [{ name: 'Risoto de cogumelos', quantity: 1, cents: 4890 }],
  },
];

const SCHOOL_ORDERS: DemoOrder[] = [
  {
    minutesAgo: 5, state: 1, origin: ORDER_ORIGIN.own, kind: DELIVERY_KIND.pickup, payment: 4,
    customer: { Nome: 'Aluno Pedro (7º ano)', CPF: null, Telefone: '', Endereco: null },
    items: [{ name: 'Misto quente', quantity: 1, cents: 850 }, { name: 'Suco de uva', quantity: 1, cents: 600 }],
  },
];

/**
 * Every demo product belongs to a station (its printer: drinks to the bar, the rest to the kitchen)
 * and has a preparation time, by category; the venue's default station is the kitchen.
 */
const STATION_BY_CATEGORY: Record<string, { station: string; prepMinutes: number | null }> = {
  Lanches: { station: 'Cozinha', prepMinutes: 15 },
  'Porções': { station: 'Cozinha', prepMinutes: 20 },
  Bebidas: { station: 'Bar', prepMinutes: 3 },
  Sobremesas: { station: 'Cozinha', prepMinutes: 8 },
  Salgados: { station: 'Cozinha', prepMinutes: 5 },
  'Lanches naturais': { station: 'Cozinha', prepMinutes: 5 },
  Frutas: { station: 'Cozinha', prepMinutes: 5 },
};

async function seedProductStations(ctx: DemoSeedContext) {
  const { tx, venues: v } = ctx;
  const rows = await tx
    .select({ id: products.id, category: productCategories.name })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(inArray(products.venueId, [v.restaurant, v.school, v.donations]));
  for (const r of rows) {
    const rule = STATION_BY_CATEGORY[r.category ?? ''] ?? { station: DEFAULT_STATION, prepMinutes: null };
    await tx.update(products).set({ defaultPrinterId: rule.station, prepMinutes: rule.prepMinutes }).where(eq(products.id, r.id));
  }
}

async function seedVenueOrders(ctx: DemoSeedContext, venueId: string, list: DemoOrder[], userId: string | undefined) {
  const { tx } = ctx;
  const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.venueId, venueId)).orderBy(stores.order).limit(1);
  const [carrier] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.venueId, venueId)).limit(1);
  const catalogue = await tx
    .select({ id: products.id, name: products.name, station: products.defaultPrinterId, prepMinutes: products.prepMinutes })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.active, true)));
  const productByName = new Map(catalogue.map((p) => [p.name.toLowerCase(), p]));
  let code = 0;
  // Oldest first, so codes grow with time as they would in service.
  for (const d of [...list].sort((a, b) => b.minutesAgo - a.minutesAgo)) {
    code++;
    const createdAt = new Date(Date.now() - d.minutesAgo * 60_000);
    const path = SEED_PATH[d.state];
    const stepAt = (i: number) => new Date(createdAt.getTime() + i * Math.min(4, d.minutesAgo / (path.length + 1)) * 60_000);
    let tableId: string | null = null;
    if (d.table) {
      const [t] = await tx.select({ id: kdsTables.id }).from(kdsTables).where(and(eq(kdsTables.venueId, venueId), eq(kdsTables.name, d.table)));
      tableId = t?.id ?? null;
    }
    const items = d.items.map((i, position) => ({
      position,
      productId: productByName.get(i.name.toLowerCase())?.id ?? null,
      name: i.name,
      quantity: i.quantity,
      unitCents: i.cents,
      // As intake does: the item's printer, its product's station, else the venue's default.
      printerName: i.printer ?? productByName.get(i.name.toLowerCase())?.station ?? DEFAULT_STATION,
      notes: i.notes ?? [],
    }));
    const prepMinutes = Math.max(...d.items.map((i) => productByName.get(i.name.toLowerCase())?.prepMinutes ?? DEFAULT_PREP_MINUTES));
    const fee = Math.round((d.fee ?? 0) * 100);
    const payment = PAYMENT_TYPES.find((p) => p.Id === d.payment)!;
    const last = path[path.length - 1];
    const timed = last === ORDER_STATE.EmTransporte || last === ORDER_STATE.Entregue || last === ORDER_STATE.Recusado;
    const leftAt = timed ? stepAt(path.indexOf(last)) : null;
    await insertSeedOrder(
      tx,
      {
        venueId,
        code,
        externalCode: d.external ?? null,
        createdAt,
        origin: d.origin,
        deliveryKind: d.kind,
        storeId: store?.id ?? null,
        tableId,
        tableName: d.table ?? null,
        customer: d.customer,
        note: d.note ?? null,
        paymentTypeId: payment.Id,
        payOnDelivery: payment.presencial,
        changeForCents: d.changeFor != null ? Math.round(d.changeFor * 100) : null,
        deliveryFeeCents: fee,
        deliveryTimeMinutes: d.deliveryTime ?? null,
        prepMinutes,
        timerSeconds: leftAt ? Math.round((leftAt.getTime() - createdAt.getTime()) / 1000) : null,
        carrierId: d.carrier ? (carrier?.id ?? null) : null,
        deliveryMode: d.carrier && carrier ? 1 : null,
        cancellation: d.state === ORDER_STATE.Recusado && d.origin === ORDER_ORIGIN.marketplace ? { cancellationCode: '503', reason: 'Item indisponível' } : null,
      },
      items,
      path,
      stepAt,
      (i) => (i === 0 ? null : (userId ?? null)),
    );
  }
  await tx.update(kdsSettings).set({ lastOrderCode: code }).where(eq(kdsSettings.venueId, venueId));
}

/** The columns of a seeded order that insertSeedOrder does not work out itself. */
type SeedOrder = Omit<typeof orders.$inferInsert, 'trackingCode' | 'updatedAt' | 'version' | 'searchText' | 'totalCents' | 'stateId' | 'stateChangedAt' | 'signal'> & { code: number; createdAt: Date; customer: OrderCustomer };

/**
 * A seeded order with its items and its state trail: one history row per state of `path` (the first
 * is the intake), at `stepAt(i)`, by `userOf(i)`; the order is in the path's last state since its
 * last step, and totals its items and its delivery fee. Shared by the board's and the waiter's demo orders.
 */
export async function insertSeedOrder(
  tx: Pick<Db, 'insert'>,
  order: SeedOrder,
  items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'> & { quantity: number; unitCents: number }>,
  path: OrderStateId[],
  stepAt: (i: number) => Date,
  userOf: (i: number) => string | null,
): Promise<void> {
  const state = path[path.length - 1];
  const [o] = await tx
    .insert(orders)
    .values({
      ...order,
      trackingCode: newCode(10),
      updatedAt: stepAt(path.length - 1),
      version: path.length,
      searchText: searchTextOf(order.code, order.customer, items, order.tableName ?? null, order.externalCode ?? null),
      totalCents: items.reduce((a, i) => a + i.quantity * i.unitCents, 0) + (order.deliveryFeeCents ?? 0),
      stateId: state,
      stateChangedAt: stepAt(path.length - 1),
      signal: state === ORDER_STATE.Pendente,
    })
    .returning({ id: orders.id });
  const orderId = o.id;
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId })));
  await tx.insert(orderStateHistory).values(
    path.map((s, i) => ({ orderId, fromStateId: i === 0 ? null : path[i - 1], toStateId: s, command: i === 0 ? 'intake' : 'seed', userId: userOf(i), at: stepAt(i) })),
  );
}

export async function seedOrdersDemo(ctx: DemoSeedContext): Promise<void> {
  const { tx, venues: v } = ctx;
  for (const venueId of [v.restaurant, v.school, v.donations]) {
    await tx
      .insert(workflowStates)
      .values(DEFAULT_WORKFLOW_STATES.map((s, i) => ({ venueId, stateId: s.Id, name: s.Name, backgroundColor: s.BackgroundColor, position: i + 1 })))
      .onConflictDoNothing();
    await tx.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
  }
  await tx.insert(kdsTables).values(Array.from({ length: 10 }, (_, i) => ({ venueId: v.restaurant, name: `Mesa ${i + 1}`, position: i + 1 })));
  await tx.insert(carriers).values([
    { venueId: v.restaurant, name: 'Carlos Motoboy', phone: '(11) 98888-1111', document: '123.456.789-09' },
    { venueId: v.restaurant, name: 'Juliana Entregas', phone: '(11) 98888-2222', document: '987.654.321-00' },
  ]);
  await tx.update(kdsSettings).set({ electronicTabs: true }).where(eq(kdsSettings.venueId, v.restaurant));
  await seedProductStations(ctx);
  await seedVenueOrders(ctx, v.restaurant, RESTAURANT_ORDERS, ctx.users['cozinha@balcao.dev']);
  await seedVenueOrders(ctx, v.school, SCHOOL_ORDERS, ctx.users['escola@balcao.dev']);
}
