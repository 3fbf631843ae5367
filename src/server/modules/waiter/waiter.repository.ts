/**
 * What a waiter's phone reads (issue 18): the venue's tables with their open table orders, and the
 * venue's menu in one answer (the phone keeps it in its offline cache). Orders are the orders
 * module's rows (a table order: delivery kind 3 with table_id); the catalogue is the products area's.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { WaiterMenuResponse, WaiterOrder, WaiterTablesResponse } from '../../../shared/contract/waiter';
import { ACTIVE_STATES, DELIVERY_KIND, ORDER_STATE } from '../../../shared/orders';
import { defaultCategoryImage, isTicketType, PRODUCT_PLACEHOLDER_IMAGE, PRODUCT_TYPE } from '../../../shared/products';
import type { Db } from '../../db/client';
import { kdsTables, orderItems, orders, workflowStates } from '../../db/schema/orders';
import { onNoClosedBill, onOpenBill } from '../table-bill/table-bill.repository';
import { BILL_WINDOW_MS } from '../../../shared/table-bill';
import { observationOptions, productAdditionals, productCategories, productObservationOptions, productObservations, products } from '../../db/schema/products';

const reais = (cents: number) => Math.round(cents) / 100;

/** Every table of the venue (by position, then name) with its open table orders, oldest first. */
export async function listTablesWithOrders(db: Db, venueId: string): Promise<WaiterTablesResponse> {
  const tables = await db
    .select({ id: kdsTables.id, name: kdsTables.name })
    .from(kdsTables)
    .where(eq(kdsTables.venueId, venueId))
    .orderBy(asc(kdsTables.position), asc(kdsTables.name));
  // The active states are read through the board's partial index (orders_venue_active_idx).
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      tableId: orders.tableId,
      tableName: orders.tableName,
      createdAt: orders.createdAt,
      stateId: orders.stateId,
      stateChangedAt: orders.stateChangedAt,
      totalCents: orders.totalCents,
      note: orders.note,
      version: orders.version,
    })
    .from(orders)
    .where(
      and(
        eq(orders.venueId, venueId),
        inArray(orders.stateId, [...ACTIVE_STATES]),
        eq(orders.deliveryKind, DELIVERY_KIND.table),
        // An order a closed bill charged (issue 41) no longer holds its table: the table is free.
        onNoClosedBill(db),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, name: orderItems.name, notes: orderItems.notes })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  const stateNames = new Map(
    (await db.select({ id: workflowStates.stateId, name: workflowStates.name }).from(workflowStates).where(eq(workflowStates.venueId, venueId))).map((s) => [s.id, s.name]),
  );
  const byOrder = new Map<string, WaiterOrder['Itens']>();
  for (const i of items) {
    const list = byOrder.get(i.orderId) ?? [];
    list.push({ Quantidade: i.quantity, NomeProduto: i.name, Observacoes: i.notes ?? [] });
    byOrder.set(i.orderId, list);
  }
  const dtos: WaiterOrder[] = rows.map((r) => {
    const ready = r.stateId === ORDER_STATE.EmTransporte;
    return {
      Id: r.id,
      Codigo: String(r.code),
      MesaId: r.tableId,
      Mesa: r.tableName,
      DataCriacao: r.createdAt.toISOString(),
      EstadoId: r.stateId,
      Estado: stateNames.get(r.stateId) ?? '',
      Pronto: ready,
      ProntoDesde: ready ? r.stateChangedAt.toISOString() : null,
      ValorTotal: reais(r.totalCents),
      ObservacaoPedido: r.note,
      Itens: byOrder.get(r.id) ?? [],
      Versao: r.version,
    };
  });
  // What each table's open bill holds (issue 41): items of its orders no closed bill took, refused out.
  const owed = new Map(
    (
      await db
        .select({ tableId: orders.tableId, cents: sql<number>`coalesce(sum(${orderItems.quantity} * ${orderItems.unitCents}), 0)::int` })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        // The bill's window (BILL_WINDOW_MS): a hint for the tables list, counted from now.
        .where(onOpenBill(db, venueId, new Date(Date.now() - BILL_WINDOW_MS)))
        .groupBy(orders.tableId)
    ).map((r) => [r.tableId, Number(r.cents)]),
  );
  const mesas = tables.map((t) => {
    const pedidos = dtos.filter((o) => o.MesaId === t.id);
    return { Id: t.id, Nome: t.name, Abertos: pedidos.length, Prontos: pedidos.filter((o) => o.Pronto).length, Pedidos: pedidos, Conta: reais(owed.get(t.id) ?? 0) };
  });
  return {
    Mesas: mesas,
    Abertos: dtos.length,
    Prontos: dtos.filter((o) => o.Pronto).length,
    Data: new Date().toISOString(),
  };
}

/** Product types a waiter does not sell at a table: fees, adjustments, top-ups, tickets, cashless operations. */
const NOT_AT_TABLE = new Set<number>([
  PRODUCT_TYPE.recarga,
  PRODUCT_TYPE.variavel,
  PRODUCT_TYPE.ativacaoCashlessPrePago,
  PRODUCT_TYPE.desativacaoCashlessPrePago,
  PRODUCT_TYPE.ativacaoCashlessPosPago,
  PRODUCT_TYPE.desativacaoCashlessPosPago,
  PRODUCT_TYPE.ativacaoComandaPosPago,
  PRODUCT_TYPE.desativacaoComandaPosPago,
  PRODUCT_TYPE.taxaServico,
  PRODUCT_TYPE.ajuste,
  PRODUCT_TYPE.taxaEntrega,
  PRODUCT_TYPE.doacao,
]);

/** The venue's active products a waiter may sell, with their add-ons and observation groups, and their categories. */
export async function loadMenu(db: Db, venueId: string): Promise<WaiterMenuResponse> {
  const all = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      valueCents: products.valueCents,
      type: products.type,
      imageUrl: products.imageUrl,
      categoryId: products.categoryId,
      freeLimit: products.freeAdditionalsLimit,
      askNote: products.askGeneralNote,
    })
    .from(products)
    .where(and(eq(products.venueId, venueId), eq(products.active, true)))
    .orderBy(asc(products.searchName), asc(products.id));
  const sellable = all.filter((p) => !NOT_AT_TABLE.has(p.type) && !isTicketType(p.type));
  // An add-on (a product another dish offers as its additional: "Bacon extra") is chosen inside its
  // dish, never as a line of its own, so the waiter's list shows dishes only.
  const sellableIds = sellable.map((p) => p.id);
  const addonIds = new Set(
    sellableIds.length
      ? (
          await db
            .selectDistinct({ id: productAdditionals.additionalProductId })
            .from(productAdditionals)
            .where(inArray(productAdditionals.productId, sellableIds))
        ).map((r) => r.id)
      : [],
  );
  const list = sellable.filter((p) => !addonIds.has(p.id));
  const ids = list.map((p) => p.id);
  const addons = ids.length
    ? (
        await db
          .select({ a: productAdditionals })
          .from(productAdditionals)
          // Only add-ons the venue sells (the intake refuses the others).
          .innerJoin(products, and(eq(products.id, productAdditionals.additionalProductId), eq(products.venueId, venueId), eq(products.active, true)))
          .where(inArray(productAdditionals.productId, ids))
          .orderBy(asc(productAdditionals.sortOrder), asc(productAdditionals.id))
      ).map((r) => r.a)
    : [];
  const groups = ids.length
    ? await db.select().from(productObservations).where(inArray(productObservations.productId, ids)).orderBy(asc(productObservations.sortOrder), asc(productObservations.id))
    : [];
  const groupIds = groups.map((g) => g.id);
  const options = groupIds.length
    ? await db
        .select({ groupId: productObservationOptions.observationId, id: observationOptions.id, description: observationOptions.description })
        .from(productObservationOptions)
        .innerJoin(observationOptions, eq(observationOptions.id, productObservationOptions.optionId))
        .where(inArray(productObservationOptions.observationId, groupIds))
        .orderBy(asc(productObservationOptions.sortOrder))
    : [];
  const usedCategories = new Set(list.map((p) => p.categoryId).filter((c): c is string => !!c));
  const categories = (await db.select().from(productCategories).where(eq(productCategories.venueId, venueId)).orderBy(asc(productCategories.name))).filter((c) =>
    usedCategories.has(c.id),
  );
  return {
    Categorias: categories.map((c) => ({ Id: c.id, Nome: c.name, Imagem: c.imageUrl ?? defaultCategoryImage(venueId, c.id) })),
    Produtos: list.map((p) => ({
      Id: p.id,
      Nome: p.name,
      Descricao: p.description,
      Valor: reais(p.valueCents),
      Foto: p.imageUrl || PRODUCT_PLACEHOLDER_IMAGE,
      CategoriaId: p.categoryId,
      LimiteGratis: p.freeLimit,
      PedirObservacao: p.askNote,
      Adicionais: addons
        .filter((a) => a.productId === p.id)
        .map((a) => ({
          Id: a.id,
          ProdutoId: a.additionalProductId,
          Nome: a.nameInParent,
          Valor: reais(a.valueInParentCents),
          Tipo: a.type,
          Quantidade: a.quantity,
          Minimo: a.minimum,
          Maximo: a.maximum,
          PodeSerGratuito: a.canBeFree,
          QuantidadeGratis: a.canBeFree ? Math.max(a.freeQuantity, 0) : 0,
        })),
      Observacoes: groups
        .filter((g) => g.productId === p.id)
        .map((g) => ({
          Id: g.id,
          Descricao: g.description,
          Tipo: g.type,
          Opcoes: options.filter((o) => o.groupId === g.id).map((o) => ({ Id: o.id, Descricao: o.description })),
        })),
    })),
  };
}

/** The order's venue, kind and origin (for the delivered command's checks), or null. */
export async function orderForDelivery(db: Db, orderId: string) {
  const [row] = await db.select({ venueId: orders.venueId, kind: orders.deliveryKind, origin: orders.origin }).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}
