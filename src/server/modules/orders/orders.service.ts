/**
 * What the board's commands do: state changes (the shared transition table), intake, carriers
 * and couriers, printing. Every change runs under the venue lock, bumps the order's version and
 * appends one event (SSE + ETag); side effects that talk to other machines (print server, courier
 * platform) run after the commit.
 */
import { ProviderNotConfiguredError } from '../../lib/sandboxes';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Order,
  OrderIntakeRequest,
  PrintJob,
  StateChangeRequest,
  stateChangeRequest,
} from '../../../shared/contract/orders';
import {
  courierCalledAutomatically,
  decideCommand,
  DELIVERY_KIND,
  DELIVERY_MODE,
  DELIVERY_PLATFORM_NAME,
  canRun,
  FINAL_STATES,
  guardRefusal,
  KDS_RECALL_WINDOW_MS,
  needsCancellationReason,
  needsPassword,
  ORDER_MSG,
  ORDER_STATE,
  ORDER_TRANSITIONS,
  PLACEHOLDER_CARRIER_ID,
  readyCommandFor,
  STATION_STATES,
  type KdsEventType,
  type OrderCommand,
} from '../../../shared/orders';
import type { z } from 'zod/mini';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema/auth';
import { carriers, orderItems, orders, orderStateHistory } from '../../db/schema/orders';
import { stores, venues } from '../../db/schema/venues';
import { verifyPassword } from '../../lib/crypto';
import { HttpError } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { PRINTER_MSG } from '../../../shared/printers';
import { enqueueOrderJobs, planPrinting, planStatus, tabletJobs, type PrintPlan } from '../printers/printers.repository';
import type { JobQueue } from '../../lib/jobs';
import { courierCalledColumns, CourierPendingError, enqueueCourierCall } from './courier-jobs';
import { createCouriers, type Couriers } from './couriers';
import { ifoodOnTransition } from '../marketplace/ifood/ifood-actions';
import { readFoodSettings } from './food-config.reader';
import { checkIntakeRequest, insertOrder, loadCatalogue, prepMinutesOf, priceItems, queueAutoCourier, queueAutoPrint, resolveStore, resolveTable, type ParsedIntake } from './orders.intake';
import { afterCommit, commandDb, requestHash, type CommandResult, type Idempotency } from './idempotency';
import type { KdsHub } from './kds-hub';
import {
  appendEvent,
  findOrder,
  frozenTimer,
  loadSettings,
  lockOrderRow,
  lockVenue,
  visitedStates,
  type OrderChangeSet as OrderSet,
  type OrderRecord as OrderRow,
  type Tx,
} from './orders.repository';

type ParsedStateChange = z.output<typeof stateChangeRequest>;

export interface ServiceOptions {
  publicUrl: string;
  env: Record<string, string | undefined>;
  log: FastifyBaseLogger;
  /** Durable background work (courier calls: courier-jobs.ts). */
  jobs: JobQueue;
}

/** "HH:MM:SS", "MM:SS" or seconds → seconds. */
function timerSeconds(v: number | string | null | undefined): number | null {
  if (v == null) return null;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  const parts = v.trim().split(':').map(Number);
  if (!parts.length || parts.some((n) => !Number.isFinite(n) || n < 0)) return null;
  return parts.reduce((acc, n) => acc * 60 + n, 0);
}

/** The order fields the transition guards read, from its row. */
function guardsOf(row: OrderRow) {
  return {
    Codigo: String(row.code),
    OrigemPedido: row.origin,
    TipoEntrega: row.deliveryKind,
    ChamouMeepDelivery: row.courierCalled || !!row.courier,
    Transportador: row.carrierId ? { Id: row.carrierId } : null,
  };
}

export class OrdersService {
  readonly couriers: Couriers;

  constructor(
    private handle: DbHandle,
    private hub: KdsHub,
    private idem: Idempotency,
    private opts: ServiceOptions,
  ) {
    this.couriers = createCouriers(opts.env, opts.publicUrl);
  }

  /** The database, or the running command's transaction (idempotency.ts). */
  private get db() {
    return commandDb(this.handle.db) as DbHandle['db'];
  }

  /** Resolves when the background work (courier jobs, including those due within 2 s) is done: for tests and scripts. */
  async settle(): Promise<void> {
    // Bounded: a job that keeps failing must not hold the caller forever (its row says why).
    await this.opts.jobs.drain({ horizonMs: 2_000 }).catch((err: Error) => this.opts.log.warn({ err }, 'tarefas ainda pendentes'));
  }

  async stop(): Promise<void> {
    // Background work is in the job queue, which finishes its running jobs when the app closes.
  }

  /**
   * One change of one order: under the venue lock, `mutate` returns the columns to set (or null
   * for "nothing to do"); the version goes up and one event is appended. Returns the order after.
   */
  async change(
    venueId: string,
    orderId: string,
    type: KdsEventType,
    mutate: (row: OrderRow, tx: Tx) => Promise<OrderSet | null> | OrderSet | null,
  ): Promise<{ order: Order; changed: boolean }> {
    const res = await this.idem.gate.run(venueId, () =>
      this.db.transaction(async (tx) => {
        await lockVenue(tx, venueId);
        return this.changeIn(tx, venueId, orderId, type, mutate);
      }),
    );
    if (res.changed) this.hub.changed(venueId);
    return res;
  }

  private async changeIn(
    tx: Tx,
    venueId: string,
    orderId: string,
    type: KdsEventType,
    mutate: (row: OrderRow, tx: Tx) => Promise<OrderSet | null> | OrderSet | null,
  ): Promise<{ order: Order; changed: boolean }> {
    const row = await lockOrderRow(tx, venueId, orderId);
    if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
    const set = await mutate(row, tx);
    if (!set) return { order: (await findOrder(tx, venueId, orderId))!, changed: false };
    await tx
      .update(orders)
      .set({ ...set, version: row.version + 1, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    const order = (await findOrder(tx, venueId, orderId))!;
    await appendEvent(tx, venueId, type, order);
    return { order, changed: true };
  }

  private async conflict(tx: Tx, venueId: string, orderId: string, message?: string): Promise<CommandResult> {
    const current = (await findOrder(tx, venueId, orderId))!;
    const msg = message ?? ORDER_MSG.transitionRefused(current.Codigo, current.WorkflowInstance.CurrenteState.Name);
    return { status: 409, body: { Message: msg, Pedido: current } };
  }

  private async checkPassword(user: AuthUser, password: string | null | undefined): Promise<void> {
    if (!password) throw new HttpError(400, ORDER_MSG.passwordEmpty);
    const [u] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!u || !(await verifyPassword(password, u.hash))) throw new HttpError(400, ORDER_MSG.wrongPassword);
  }

  // -------------------------------------------------------------------------------------------
  // State commands

  async runCommand(
    user: AuthUser,
    venueId: string,
    origin: number,
    command: OrderCommand,
    body: ParsedStateChange,
    key: string | null,
  ): Promise<CommandResult & { replayed: boolean }> {
    const target = ORDER_TRANSITIONS[command].to;
    if (body.NewStateId != null && body.NewStateId !== target) throw new HttpError(400, ORDER_MSG.wrongTargetState);
    if (needsCancellationReason(command, origin)) {
      const r = body.ReasonCancellation;
      if (!r || !r.cancellationCode || !r.reason) throw new HttpError(400, ORDER_MSG.reasonRequired);
    }
    const ctx = { venueId, key, hash: requestHash(command, body as StateChangeRequest), userId: user.id };
    const result = await this.idem.inTransaction(
      ctx,
      (tx) => lockVenue(tx, venueId),
      async (tx) => {
        const row = await lockOrderRow(tx, venueId, body.Id);
        if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
        const decision = decideCommand(command, row.stateId, body.ExpectedStateId, await visitedStates(tx, row.id));
        if (decision === 'conflict') return this.conflict(tx, venueId, row.id);
        if (decision === 'apply') {
          const refusal = guardRefusal(command, guardsOf(row));
          if (refusal) throw new HttpError(400, refusal);
        }
        if (decision === 'noop') {
          const current = (await findOrder(tx, venueId, row.id))!;
          const s = current.WorkflowInstance.CurrenteState;
          return { status: 200, body: { Id: s.Id, Name: s.Name, Pedido: current, Aplicado: false } };
        }
        const order = await this.transition(tx, venueId, row, command, user.id, body);
        const s = order.WorkflowInstance.CurrenteState;
        return { status: 200, body: { Id: s.Id, Name: s.Name, Pedido: order, Aplicado: true } };
      },
      // Checked before the venue lock (scrypt is slow) and never for a replay: the original was checked.
      needsPassword(command, origin) ? () => this.checkPassword(user, body.Password) : undefined,
    );
    if (!result.replayed) {
      this.hub.changed(venueId);
    }
    return result;
  }

  /**
   * THE state change of an order (every command of ORDER_TRANSITIONS goes through here: the board's
   * buttons, and the automatic move when the stations have bumped every item). The caller holds the
   * venue lock and the order's row, and has decided that the command applies (decideCommand, guards).
   * Sets the state and when it was entered, writes the history and appends one event for every
   * board. Work for other machines (courier calls, iFood, print agents) is enqueued in this same
   * transaction, so it happens once the change is committed and never without it.
   */
  private async transition(
    tx: Tx,
    venueId: string,
    row: OrderRow,
    command: OrderCommand,
    userId: string | null,
    body: Partial<ParsedStateChange>,
  ): Promise<Order> {
    const target = ORDER_TRANSITIONS[command].to;
    const now = new Date();
    const set: OrderSet = {
      stateId: target,
      stateChangedAt: now,
      signal: false,
      timerSeconds: frozenTimer(row.createdAt, target, row.timerSeconds),
    };
    const food = await readFoodSettings(tx, venueId);
    let printPlan: PrintPlan | null = null;
    if (command === 'acceptOrder') {
      set.deliveryTimeMinutes = body.DeliveryTime ?? row.deliveryTimeMinutes ?? food.deliveryTime;
      if (body.StoreId && body.StoreId !== row.storeId) {
        const [st] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.venueId, venueId), sql`${stores.id}::text = ${body.StoreId}`));
        if (!st) throw new HttpError(400, ORDER_MSG.storeNotFound);
        set.storeId = st.id;
      }
      const settings = await loadSettings(tx, venueId);
      if (food.sendToPrinterServerOnAcceptOrder || food.sendToRemotePrinterOnAcceptOrder) {
        // The agent's jobs are queued below with this change; the accepting tablet (at the venue)
        // sends the local print server's and reports back; a station with no printer: error.
        printPlan = await planPrinting(tx, venueId, (await findOrder(tx, venueId, row.id))!, settings?.printServerUrl ?? null);
        set.printerStatus = planStatus(printPlan);
        set.printerStatusAt = now;
      }
      if (food.useMeepDelivery && !food.callMeepDeliveryManually && row.deliveryMode !== DELIVERY_MODE.merchant) {
        const rules = { OrigemPedido: row.origin, TipoEntrega: row.deliveryKind, EhPagamentoPresencial: row.payOnDelivery };
        // Production without a courier platform (nor its sandbox) calls nobody by itself.
        if (courierCalledAutomatically(rules as never, food) && !row.courierCalled && !this.couriers.forPlatform(row.deliveryPlatform ?? food.deliveryPlatform).notConfigured) {
          // Marked and queued with the accept itself: a process dying now loses no call (courier-jobs.ts).
          Object.assign(set, courierCalledColumns(row, food));
          await enqueueCourierCall(tx, venueId, row.id);
        }
      }
    }
    if (command === 'refuseOrder' && body.ReasonCancellation) set.cancellation = body.ReasonCancellation;
    await tx
      .update(orders)
      .set({ ...set, version: row.version + 1, updatedAt: now })
      .where(eq(orders.id, row.id));
    await tx.insert(orderStateHistory).values({
      orderId: row.id,
      fromStateId: row.stateId,
      toStateId: target,
      command,
      userId,
      timerSeconds: timerSeconds(body.Timer),
      at: now,
    });
    // An iFood order owes iFood the matching call (confirm, startPreparation...): written in this transaction.
    await ifoodOnTransition(tx, { venueId, orderId: row.id, command, reason: body.ReasonCancellation });
    const order = (await findOrder(tx, venueId, row.id))!;
    if (printPlan) await enqueueOrderJobs(tx, venueId, order, printPlan);
    await appendEvent(tx, venueId, 'order.changed', order);
    return order;
  }

  // -------------------------------------------------------------------------------------------
  // Recall (ours): a finished or refused order back to the state it left

  async recall(user: AuthUser, venueId: string, body: { Id: string; Motivo: string; ExpectedStateId?: number | null }): Promise<CommandResult> {
    const result = await this.idem.gate.run(venueId, () => this.db.transaction(async (tx) => {
      await lockVenue(tx, venueId);
      const row = await lockOrderRow(tx, venueId, body.Id);
      if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
      const code = String(row.code);
      if (!(FINAL_STATES as readonly number[]).includes(row.stateId)) return this.conflict(tx, venueId, row.id, ORDER_MSG.recallNotFinished(code));
      if (body.ExpectedStateId != null && body.ExpectedStateId !== row.stateId) return this.conflict(tx, venueId, row.id);
      if (Date.now() - row.stateChangedAt.getTime() > KDS_RECALL_WINDOW_MS) return this.conflict(tx, venueId, row.id, ORDER_MSG.recallExpired(code));
      const [last] = await tx
        .select({ from: orderStateHistory.fromStateId })
        .from(orderStateHistory)
        .where(and(eq(orderStateHistory.orderId, row.id), eq(orderStateHistory.toStateId, row.stateId)))
        .orderBy(sql`${orderStateHistory.id} desc`)
        .limit(1);
      const back = last?.from && !(FINAL_STATES as readonly number[]).includes(last.from) ? last.from : ORDER_STATE.EmPreparo;
      const now = new Date();
      // The timer runs again unless the order goes back to Em transporte (where it stays frozen).
      const timerSeconds = back === ORDER_STATE.EmTransporte ? row.timerSeconds : null;
      await tx
        .update(orders)
        .set({ stateId: back, stateChangedAt: now, timerSeconds, cancellation: null, version: row.version + 1, updatedAt: now })
        .where(eq(orders.id, row.id));
      await tx.insert(orderStateHistory).values({ orderId: row.id, fromStateId: row.stateId, toStateId: back, command: 'recallOrder', userId: user.id, reason: body.Motivo, at: now });
      const order = (await findOrder(tx, venueId, row.id))!;
      await appendEvent(tx, venueId, 'order.changed', order);
      const s = order.WorkflowInstance.CurrenteState;
      return { status: 200, body: { Id: s.Id, Name: s.Name, Pedido: order, Aplicado: true } } as CommandResult;
    }));
    if (result.status === 200) {
      this.hub.changed(venueId);
      this.opts.log.info({ venueId, orderId: body.Id, userId: user.id, reason: body.Motivo }, 'pedido recuperado no painel');
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Intake

  /**
   * Creates an order. Prices never come from the client: a catalogue item costs the product's value
   * plus its chosen variable add-ons (catalogue values, free units by the catalogue's rule); option
   * values are ignored. Free items (name + value) are for the board only (`freeItems`).
   */
  async intake(user: AuthUser, body: ParsedIntake, key: string | null, freeItems = true): Promise<CommandResult & { replayed: boolean }> {
    const venueId = body.LocalClienteId;
    checkIntakeRequest(body, freeItems);
    const ctx = { venueId, key, hash: requestHash('intake', body as OrderIntakeRequest), userId: user.id };
    const result = await this.idem.inTransaction(
      ctx,
      (tx) => lockVenue(tx, venueId),
      async (tx) => {
        const food = await readFoodSettings(tx, venueId);
        const settings = await loadSettings(tx, venueId);
        const catalogue = await loadCatalogue(tx, venueId, body);
        const prepMinutes = prepMinutesOf(body, catalogue, settings);
        const items = priceItems(body, catalogue, settings);
        const storeId = await resolveStore(tx, venueId, body);
        const { tableId, tableName } = await resolveTable(tx, venueId, body);
        const { created, auto, printNow } = await insertOrder(tx, { venueId, userId: user.id, body, food, items, prepMinutes, storeId, tableId, tableName });
        if (auto) await queueAutoCourier(tx, venueId, created, food, this.couriers);
        let order = (await findOrder(tx, venueId, created.id))!;
        if (printNow) order = await queueAutoPrint(tx, venueId, created.id, order, settings);
        await appendEvent(tx, venueId, 'order.created', order);
        // Queued (status 1): a board tablet at the venue sends the job to the local print server.
        return { status: 201, body: order };
      },
    );
    if (!result.replayed) {
      this.hub.changed(venueId);
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Printing

  /**
   * The print jobs of an order, one per printer named on its items ("Cozinha" when none), for the
   * venue side to deliver: the server never calls the local print server (it sits on the venue's
   * network, and its address is typed by users). Marks the order "Na fila" (status 1); the tablet
   * reports 0 (received) or 3 (error) through printerStatus.
   */
  async print(
    venueId: string,
    orderId: string,
    opts: { responsable: string; imageBase64?: string | null; localServerOnly?: boolean },
  ): Promise<{ printers: string[]; jobs: PrintJob[]; host: string | null; order: Order }> {
    const settings = await loadSettings(this.db, venueId);
    const host = settings?.printServerUrl ?? null;
    const current = await findOrder(this.db, venueId, orderId);
    if (!current) throw new HttpError(404, ORDER_MSG.orderNotFound);
    // Each station goes to its printer: the agent's jobs are queued here, durable, with the change;
    // the local print server's jobs go back for the tablet to deliver (printers module).
    const plan = await planPrinting(this.db, venueId, current, host);
    if (opts.localServerOnly) {
      plan.agent = [];
      if (!plan.localServer.length && !plan.browser.length) return { printers: [], jobs: [], host, order: current };
    }
    if (!plan.agent.length && !plan.localServer.length && !plan.browser.length) {
      throw new HttpError(400, host || plan.missing.length === 0 ? ORDER_MSG.noPrintServer : PRINTER_MSG.noRoute(plan.missing.join(', ')));
    }
    const { order } = await this.change(venueId, orderId, 'printer.status', async (_row, tx) => {
      await enqueueOrderJobs(tx, venueId, current, plan);
      return { printerStatus: planStatus(plan), printerStatusAt: new Date() };
    });
    const [venue] = await this.db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
    const jobs = tabletJobs(order, plan, { businessName: venue?.name ?? '', responsable: opts.responsable, imageBase64: opts.imageBase64 ?? null });
    return { printers: [...plan.agent.map((a) => a.printer.name), ...plan.localServer, ...plan.browser], jobs, host, order };
  }

  /** Rush flag (ours): on or off; a second identical call changes nothing. Finished orders refuse (409). */
  async setRush(venueId: string, orderId: string, on: boolean): Promise<Order> {
    const { order } = await this.change(venueId, orderId, 'order.changed', async (row, tx) => {
      if ((FINAL_STATES as readonly number[]).includes(row.stateId)) {
        throw new HttpError(409, ORDER_MSG.rushFinished(String(row.code)), { Pedido: await findOrder(tx, venueId, orderId) });
      }
      if (on === !!row.rushAt) return null;
      return { rushAt: on ? new Date() : null };
    });
    return order;
  }

  /**
   * Item-level bump (ours): one item done at its station, or back to prepare; the same state again
   * changes nothing. Only orders the stations work on (Aceito, Em preparo) take a change. The first
   * bump of an accepted order starts it (Iniciar); the bump that leaves no item to prepare moves the
   * order on as its kind allows ("Pedido pronto", or "Transportar" when its guard lets it), through
   * the one transition function, in the same transaction as the bump and its Idempotency-Key: two
   * stations bumping their last items at once queue on the venue lock, and only the second one,
   * which sees every item done, moves the order.
   */
  async bumpItem(
    user: AuthUser,
    venueId: string,
    body: { PedidoId: string; ItemId: string; Pronto: boolean },
    key: string | null,
  ): Promise<CommandResult & { replayed: boolean }> {
    const ctx = { venueId, key, hash: requestHash('bumpItem', body), userId: user.id };
    const result = await this.idem.inTransaction(
      ctx,
      (tx) => lockVenue(tx, venueId),
      async (tx) => {
        const row = await lockOrderRow(tx, venueId, body.PedidoId);
        if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
        const [item] = await tx
          .select({ bumpedAt: orderItems.bumpedAt })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, row.id), sql`${orderItems.id}::text = ${body.ItemId.toLowerCase()}`));
        if (!item) throw new HttpError(404, ORDER_MSG.itemNotFound);
        // Already so (another station's tablet, a retry without its key): success, nothing changes.
        if (body.Pronto === !!item.bumpedAt) return { status: 200, body: (await findOrder(tx, venueId, row.id))! };
        const code = String(row.code);
        if ((FINAL_STATES as readonly number[]).includes(row.stateId)) {
          throw new HttpError(409, ORDER_MSG.itemFinished(code), { Pedido: await findOrder(tx, venueId, row.id) });
        }
        if (!(STATION_STATES as readonly number[]).includes(row.stateId)) {
          throw new HttpError(409, ORDER_MSG.itemNotInKitchen(code), { Pedido: await findOrder(tx, venueId, row.id) });
        }
        const now = new Date();
        await tx
          .update(orderItems)
          .set({ bumpedAt: body.Pronto ? now : null })
          .where(and(eq(orderItems.orderId, row.id), sql`${orderItems.id}::text = ${body.ItemId.toLowerCase()}`));
        let current = row;
        let moved: Order | null = null;
        if (body.Pronto && current.stateId === ORDER_STATE.Aceito) {
          moved = await this.transition(tx, venueId, current, 'startOrder', user.id, {});
          current = (await lockOrderRow(tx, venueId, row.id))!;
        }
        const left = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, row.id), sql`${orderItems.bumpedAt} is null`));
        const ready = readyCommandFor(current.deliveryKind);
        if (body.Pronto && left[0].n === 0 && canRun(ready, current.stateId) && !guardRefusal(ready, guardsOf(current))) {
          moved = await this.transition(tx, venueId, current, ready, user.id, {});
        }
        if (moved) return { status: 200, body: moved };
        // Only the item changed: one new version and one event, as for any other change.
        await tx.update(orders).set({ version: row.version + 1, updatedAt: now }).where(eq(orders.id, row.id));
        const order = (await findOrder(tx, venueId, row.id))!;
        await appendEvent(tx, venueId, 'order.changed', order);
        return { status: 200, body: order };
      },
    );
    if (!result.replayed) {
      this.hub.changed(venueId);
    }
    return result;
  }

  async setPrinterStatus(venueId: string, orderId: string, status: number): Promise<Order> {
    const { order } = await this.change(venueId, orderId, 'printer.status', (row) =>
      row.printerStatus === status ? null : { printerStatus: status, printerStatusAt: new Date() },
    );
    return order;
  }

  // -------------------------------------------------------------------------------------------
  // Carriers and couriers

  /**
   * Calls a courier from the order's platform (or the venue's). A call cannot be cancelled, so a
   * second call of the same order is a success with no effect.
   */
  async callCourier(venueId: string, orderId: string): Promise<Order> {
    const food = await readFoodSettings(this.db, venueId);
    let jobId: number | null = null;
    const first = await this.change(venueId, orderId, 'order.changed', async (row, tx) => {
      if (row.deliveryKind !== DELIVERY_KIND.delivery) throw new HttpError(400, ORDER_MSG.courierNotForThisOrder);
      if (row.courierCalled) return null;
      // Refused before anything is marked: no platform (nor its sandbox) would answer.
      const adapter = this.couriers.forPlatform(row.deliveryPlatform ?? food.deliveryPlatform);
      if (adapter.notConfigured) throw new ProviderNotConfiguredError(adapter.notConfigured);
      if (row.stateId === ORDER_STATE.Entregue || row.stateId === ORDER_STATE.Recusado || row.stateId === ORDER_STATE.Pendente) {
        const current = await findOrder(tx, venueId, orderId);
        throw new HttpError(409, ORDER_MSG.transitionRefused(String(row.code), current?.WorkflowInstance.CurrenteState.Name ?? ''), { Pedido: current });
      }
      // The call itself is a durable job enqueued with this mark (courier-jobs.ts), run inline below.
      jobId = await enqueueCourierCall(tx, venueId, orderId, true);
      return courierCalledColumns(row, food);
    });
    if (jobId === null) return first.order;
    const id: number = jobId;
    const run = async () => {
      try {
        await this.opts.jobs.runNow(id);
      } catch (err) {
        // The platform did not answer: the call is "em verificação" (still marked called, the job
        // asks the platform for its key), not a failure to show.
        if (!(err instanceof CourierPendingError)) throw err;
        this.opts.log.warn({ venueId, orderId, jobId: id }, 'chamada do entregador em verificação');
      }
      return (await findOrder(this.db, venueId, orderId))!;
    };
    // Inside a command's transaction the platform is asked after its commit (never under the lock).
    const later = afterCommit();
    if (later) {
      later(async (r) => ({ ...r, body: await run() }));
      return first.order;
    }
    return run();
  }

  /** The venue's own carrier for the order (or none); refused once a platform courier was called. */
  async assignCarrier(venueId: string, orderId: string, carrierId: string | null): Promise<Order> {
    const { order } = await this.change(venueId, orderId, 'order.changed', async (row, tx) => {
      if (row.courierCalled) {
        throw new HttpError(409, ORDER_MSG.courierAlreadyCalled, { Pedido: await findOrder(tx, venueId, orderId) });
      }
      if (carrierId && carrierId.toUpperCase() === PLACEHOLDER_CARRIER_ID) throw new HttpError(400, ORDER_MSG.carrierNotFound);
      let id: string | null = null;
      if (carrierId) {
        const [c] = await tx.select({ id: carriers.id }).from(carriers).where(and(eq(carriers.venueId, venueId), sql`${carriers.id}::text = ${carrierId.toLowerCase()}`));
        if (!c) throw new HttpError(404, ORDER_MSG.carrierNotFound);
        id = c.id;
      }
      if (row.carrierId === id && row.deliveryMode === DELIVERY_MODE.merchant) return null;
      return { carrierId: id, deliveryMode: DELIVERY_MODE.merchant };
    });
    return order;
  }

  async changeDeliveryCompany(venueId: string, orderId: string, platform: number): Promise<Order> {
    if (!(platform in DELIVERY_PLATFORM_NAME)) throw new HttpError(400, 'Empresa de transporte inválida.');
    const { order } = await this.change(venueId, orderId, 'order.changed', async (row, tx) => {
      if (row.courierCalled) throw new HttpError(409, ORDER_MSG.courierAlreadyCalled, { Pedido: await findOrder(tx, venueId, orderId) });
      return row.deliveryPlatform === platform ? null : { deliveryPlatform: platform };
    });
    return order;
  }
}
