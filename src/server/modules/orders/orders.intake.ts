/**
 * The steps of an order's intake (OrdersService.intake runs them in this order, the database ones in
 * the command's transaction under the venue lock):
 *   1. checkIntakeRequest: what the request must say before anything is read (address, table, free items);
 *   2. loadCatalogue: the ordered products and their add-ons, as the catalogue has them;
 *   3. priceItems / prepMinutesOf: each item's price, station and notes from the catalogue (never the client);
 *   4. resolveStore / resolveTable: the store and the table the order names (a typed table name is created);
 *   5. nextOrderCode, customerOf, insertOrder: the next code, the customer block, the order row, its
 *      items and its first state history;
 *   6. queueAutoCourier / queueAutoPrint: with an auto-accepted order, the courier call and the
 *      print jobs are queued with the order in its transaction (durable jobs, nothing called here).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { KdsDeliverySettings, Order, orderIntakeRequest } from '../../../shared/contract/orders';
import { courierCalledAutomatically, DEFAULT_PREP_MINUTES, DEFAULT_STATION, DELIVERY_KIND, ORDER_MSG, ORDER_STATE, PAYMENT_TYPES, PRINTER_STATUS } from '../../../shared/orders';
import { addonsExtraCents, ADDITIONAL_TYPE, chosenAddonLabel, freeAddonUnits, type ChosenAddon } from '../../../shared/products';
import { ADDONS_NOTE } from '../../../shared/waiter';
import type { z } from 'zod/mini';
import { kdsSettings, kdsTables, orderItems, orders, orderStateHistory } from '../../db/schema/orders';
import { productAdditionals, products } from '../../db/schema/products';
import { stores } from '../../db/schema/venues';
import { newCode } from '../../lib/crypto';
import { HttpError } from '../../lib/http-error';
import { enqueueOrderJobs, planPrinting, planStatus } from '../printers/printers.repository';
import { courierCalledColumns, enqueueCourierCall } from './courier-jobs';
import type { Couriers } from './couriers';
import { cents, findOrder, loadSettings, searchTextOf, type OrderRecord as OrderRow, type Tx } from './orders.repository';

export type ParsedIntake = z.output<typeof orderIntakeRequest>;
type Settings = Awaited<ReturnType<typeof loadSettings>>;

/** 1. What the request must say before the catalogue is read; `freeItems` (name + value) are the board's only. */
export function checkIntakeRequest(body: ParsedIntake, freeItems: boolean): void {
  if (body.TipoEntrega === DELIVERY_KIND.delivery && !body.Cliente.Endereco) throw new HttpError(400, 'Informe o endereço de entrega.');
  if (body.TipoEntrega === DELIVERY_KIND.table && !body.Mesa && !body.MesaId) throw new HttpError(400, 'Informe a mesa.');
  for (const item of body.Itens) {
    if (!item.ProdutoId && !freeItems) throw new HttpError(400, ORDER_MSG.freeItemsBoardOnly);
    if (!item.ProdutoId && (!item.NomeProduto || item.Valor == null)) throw new HttpError(400, ORDER_MSG.itemNeedsNameAndValue);
    if (!item.ProdutoId && item.Adicionais?.length) throw new HttpError(400, ORDER_MSG.addonNotFound);
  }
}

/** 2. The venue's products on sale that the order names (by lower-case id), and every add-on of those products. */
export async function loadCatalogue(tx: Tx, venueId: string, body: ParsedIntake) {
  const productIds = [...new Set(body.Itens.map((i) => i.ProdutoId?.toLowerCase()).filter((x): x is string => !!x))];
  const found = productIds.length
    ? await tx
        .select({
          id: products.id,
          name: products.name,
          valueCents: products.valueCents,
          freeLimit: products.freeAdditionalsLimit,
          station: products.defaultPrinterId,
          prepMinutes: products.prepMinutes,
        })
        .from(products)
        .where(and(eq(products.venueId, venueId), eq(products.active, true), inArray(products.id, productIds)))
    : [];
  const byId = new Map(found.map((p) => [p.id.toLowerCase(), p]));
  // Every add-on of the ordered products, with whether its own product is this venue's and on sale.
  const addonRows = found.length
    ? await tx
        .select({
          id: productAdditionals.id,
          productId: productAdditionals.productId,
          type: productAdditionals.type,
          minimum: productAdditionals.minimum,
          maximum: productAdditionals.maximum,
          canBeFree: productAdditionals.canBeFree,
          freeQuantity: productAdditionals.freeQuantity,
          name: productAdditionals.nameInParent,
          valueCents: productAdditionals.valueInParentCents,
          sellable: sql<boolean>`(${products.active} and ${products.venueId} = ${venueId})`,
        })
        .from(productAdditionals)
        .innerJoin(products, eq(products.id, productAdditionals.additionalProductId))
        .where(inArray(productAdditionals.productId, found.map((p) => p.id)))
        // The catalogue's order, so the item's note lists the add-ons as the menu does.
        .orderBy(asc(productAdditionals.sortOrder), asc(productAdditionals.id))
    : [];
  return { byId, addonRows };
}
type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;
type CatalogueProduct = NonNullable<ReturnType<Catalogue['byId']['get']>>;

/** The order's preparation target: its slowest item's (a product's own, else the venue's, else the default). */
export function prepMinutesOf(body: ParsedIntake, { byId }: Catalogue, settings: Settings): number {
  const venuePrep = settings?.prepMinutes ?? DEFAULT_PREP_MINUTES;
  return Math.max(...body.Itens.map((i) => (i.ProdutoId ? byId.get(i.ProdutoId.toLowerCase())?.prepMinutes : null) ?? venuePrep));
}

/**
 * The variable add-ons an item gets: the ones it asked for (each one of this product's, on sale,
 * variable and asked once) and the others at their minimum, each within its minimum and maximum.
 */
function chooseAddons(item: ParsedIntake['Itens'][number], mine: Catalogue['addonRows']): ChosenAddon[] {
  const asked = new Map<string, number>();
  for (const a of item.Adicionais ?? []) {
    const row = mine.find((r) => r.id.toLowerCase() === a.Id.toLowerCase());
    if (!row || !row.sellable) throw new HttpError(400, ORDER_MSG.addonNotFound);
    if (row.type !== ADDITIONAL_TYPE.variable) throw new HttpError(400, ORDER_MSG.addonIncluded(row.name));
    if (asked.has(row.id)) throw new HttpError(400, ORDER_MSG.addonRepeated(row.name));
    asked.set(row.id, a.Quantidade);
  }
  const chosen: ChosenAddon[] = [];
  for (const r of mine) {
    if (r.type !== ADDITIONAL_TYPE.variable || !r.sellable) continue;
    const units = asked.get(r.id) ?? Math.max(0, r.minimum);
    if (units < r.minimum) throw new HttpError(400, ORDER_MSG.addonMin(r.name, r.minimum));
    if (r.maximum > 0 && units > r.maximum) throw new HttpError(400, ORDER_MSG.addonMax(r.name, r.maximum));
    if (units > 0) chosen.push({ id: r.id, name: r.name, valueCents: r.valueCents, canBeFree: r.canBeFree, freeQuantity: r.canBeFree ? Math.max(0, r.freeQuantity) : 0, units });
  }
  return chosen;
}

/**
 * 3. The order's items, priced from the catalogue: a product's value plus its chosen variable
 * add-ons (free units by the catalogue's rule); a free item (board only) keeps its name and value.
 * Every item goes to a station: the product's own, else what the client named, else the venue's default.
 */
export function priceItems(body: ParsedIntake, catalogue: Catalogue, settings: Settings) {
  const defaultStation = settings?.defaultStation || DEFAULT_STATION;
  return body.Itens.map((i, position) => {
    const p: CatalogueProduct | undefined = i.ProdutoId ? catalogue.byId.get(i.ProdutoId.toLowerCase()) : undefined;
    if (i.ProdutoId && !p) throw new HttpError(400, ORDER_MSG.productNotFound);
    const groups = (i.Observacoes ?? []).map((n) => ({ Descricao: n.Descricao, Opcoes: (n.Opcoes ?? []).map((o) => o.Nome) }));
    if (!p) {
      return { position, productId: null, name: i.NomeProduto!, quantity: i.Quantidade, unitCents: cents(i.Valor!), printerName: i.NomeImpressora || defaultStation, notes: groups };
    }
    const chosen = chooseAddons(i, catalogue.addonRows.filter((a) => a.productId === p.id));
    const free = freeAddonUnits(p.freeLimit, chosen);
    const addonNote = chosen.length ? [{ Descricao: ADDONS_NOTE, Opcoes: chosen.map((a) => chosenAddonLabel(a.name, a.units, free.get(a.id) ?? 0)) }] : [];
    return {
      position,
      productId: p.id,
      name: i.NomeProduto || p.name,
      quantity: i.Quantidade,
      unitCents: p.valueCents + addonsExtraCents(p.freeLimit, chosen),
      // The product's station (its printer) wins over what a client sent; then the venue's default.
      printerName: p.station?.trim() || i.NomeImpressora || defaultStation,
      notes: [...addonNote, ...groups],
    };
  });
}
type PricedItem = ReturnType<typeof priceItems>[number];

/** 4a. The venue's store the order names, if any. */
export async function resolveStore(tx: Tx, venueId: string, body: ParsedIntake): Promise<string | null> {
  if (!body.StoreId) return null;
  const [st] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.venueId, venueId), sql`${stores.id}::text = ${body.StoreId.toLowerCase()}`));
  if (!st) throw new HttpError(400, ORDER_MSG.storeNotFound);
  return st.id;
}

/** 4b. A table order's table: the venue's table by id, or by the typed name (created when new). */
export async function resolveTable(tx: Tx, venueId: string, body: ParsedIntake): Promise<{ tableId: string | null; tableName: string | null }> {
  if (body.TipoEntrega !== DELIVERY_KIND.table) return { tableId: null, tableName: null };
  if (body.MesaId) {
    const [t] = await tx.select().from(kdsTables).where(and(eq(kdsTables.venueId, venueId), sql`${kdsTables.id}::text = ${body.MesaId.toLowerCase()}`));
    if (!t) throw new HttpError(400, ORDER_MSG.tableNotFound);
    return { tableId: t.id, tableName: t.name };
  }
  const name = body.Mesa!;
  const [t] = await tx
    .insert(kdsTables)
    .values({ venueId, name, position: 999 })
    .onConflictDoUpdate({ target: [kdsTables.venueId, kdsTables.name], set: { name } })
    .returning();
  return { tableId: t.id, tableName: t.name };
}

/** 5a. The venue's next order code (the board's "#123"), taken under the venue lock. */
export async function nextOrderCode(tx: Tx, venueId: string): Promise<number> {
  const [{ code }] = await tx
    .update(kdsSettings)
    .set({ lastOrderCode: sql`${kdsSettings.lastOrderCode} + 1` })
    .where(eq(kdsSettings.venueId, venueId))
    .returning({ code: kdsSettings.lastOrderCode });
  return code;
}

/** 5b. The order's customer block, every optional field filled ('' or null) as the board reads it. */
export function customerOf(body: ParsedIntake) {
  const a = body.Cliente.Endereco;
  return {
    Nome: body.Cliente.Nome,
    CPF: body.Cliente.CPF ?? null,
    Telefone: body.Cliente.Telefone ?? '',
    Endereco: a
      ? {
          Logradouro: a.Logradouro,
          Numero: a.Numero,
          Complemento: a.Complemento ?? '',
          Bairro: a.Bairro ?? '',
          Cidade: a.Cidade ?? '',
          UF: a.UF ?? '',
          CEP: a.CEP ?? '',
          Referencia: a.Referencia ?? '',
        }
      : null,
  };
}

export interface IntakeDraft {
  venueId: string;
  userId: string;
  body: ParsedIntake;
  food: KdsDeliverySettings;
  items: PricedItem[];
  prepMinutes: number;
  storeId: string | null;
  tableId: string | null;
  tableName: string | null;
}

/**
 * 5c. Persists the order (Pendente, or Aceito when the venue accepts automatically), its items and
 * its state history. Returns the order row and whether it was auto-accepted with print-on-accept.
 */
export async function insertOrder(tx: Tx, d: IntakeDraft): Promise<{ created: OrderRow; auto: boolean; printNow: boolean }> {
  const { venueId, body, food, items } = d;
  const code = await nextOrderCode(tx, venueId);
  const payment = PAYMENT_TYPES.find((p) => p.Id === body.TipoPagamentoId)!;
  const fee = body.TipoEntrega === DELIVERY_KIND.delivery ? cents(body.TaxaEntrega ?? 0) : 0;
  const total = items.reduce((acc, i) => acc + i.quantity * i.unitCents, 0) + fee;
  const auto = food.automaticallyAcceptOrder;
  const printNow = auto && (food.sendToPrinterServerOnAcceptOrder || food.sendToRemotePrinterOnAcceptOrder);
  const now = new Date();
  const customer = customerOf(body);
  const [created] = await tx
    .insert(orders)
    .values({
      venueId,
      code,
      trackingCode: newCode(10),
      externalCode: body.CodigoExterno ?? null,
      createdAt: now,
      updatedAt: now,
      origin: body.OrigemPedido,
      deliveryKind: body.TipoEntrega,
      storeId: d.storeId,
      tableId: d.tableId,
      tableName: d.tableName,
      customer,
      searchText: searchTextOf(code, customer, items, d.tableName, body.CodigoExterno ?? null),
      note: body.ObservacaoPedido || null,
      paymentTypeId: payment.Id,
      payOnDelivery: body.EhPagamentoPresencial ?? payment.presencial,
      changeForCents: body.Troco != null ? cents(body.Troco) : null,
      deliveryFeeCents: fee,
      totalCents: total,
      deliveryTimeMinutes: auto ? food.deliveryTime : null,
      stateId: auto ? ORDER_STATE.Aceito : ORDER_STATE.Pendente,
      stateChangedAt: now,
      prepMinutes: d.prepMinutes,
      signal: body.Signal ?? true,
      printerStatus: printNow ? PRINTER_STATUS.inQueue : null,
      printerStatusAt: printNow ? now : null,
    })
    .returning();
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: created.id })));
  await tx.insert(orderStateHistory).values([
    { orderId: created.id, fromStateId: null, toStateId: ORDER_STATE.Pendente, command: 'intake', userId: d.userId, at: now },
    ...(auto ? [{ orderId: created.id, fromStateId: ORDER_STATE.Pendente, toStateId: ORDER_STATE.Aceito, command: 'automaticallyAcceptOrder', userId: null, at: now }] : []),
  ]);
  return { created, auto, printNow };
}

/**
 * 6a. An auto-accepted order whose venue calls its courier automatically (and whose platform is
 * configured) is marked and its call queued with the order: a process dying now loses no call (courier-jobs.ts).
 */
export async function queueAutoCourier(tx: Tx, venueId: string, created: OrderRow, food: KdsDeliverySettings, couriers: Couriers): Promise<void> {
  const rules = { OrigemPedido: created.origin, TipoEntrega: created.deliveryKind, EhPagamentoPresencial: created.payOnDelivery };
  if (food.useMeepDelivery && !food.callMeepDeliveryManually && courierCalledAutomatically(rules as never, food) && !couriers.forPlatform(created.deliveryPlatform ?? food.deliveryPlatform).notConfigured) {
    await tx.update(orders).set(courierCalledColumns(created, food)).where(eq(orders.id, created.id));
    await enqueueCourierCall(tx, venueId, created.id);
  }
}

/**
 * 6b. Auto-accepted with print-on-accept: the agent's jobs are queued with the order; a station
 * with no printer shows as an error on the card ("Enviar novamente"). Returns the order as it now reads.
 */
export async function queueAutoPrint(tx: Tx, venueId: string, orderId: string, order: Order, settings: Settings): Promise<Order> {
  const plan = await planPrinting(tx, venueId, order, settings?.printServerUrl ?? null);
  await enqueueOrderJobs(tx, venueId, order, plan);
  if (planStatus(plan) === PRINTER_STATUS.inQueue) return order;
  await tx.update(orders).set({ printerStatus: planStatus(plan) }).where(eq(orders.id, orderId));
  return (await findOrder(tx, venueId, orderId))!;
}
