/**
 * Routes of the order board (spec 000 §7 "Order board"; paths in src/shared/orders.ts KDS_PATHS).
 * Role Painel for the board (intake too: the waiter's phone and storefront integrations sign in
 * as board users); IntegracaoIfoodKds or Painel for the marketplace store state;
 * MeepFoodConfiguration to change the board settings (they include the print server address).
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { createHash } from 'node:crypto';
import { errorBody } from '../../../shared/contract/common';
import { MSG } from '../../../shared/messages';
import {
  carrier,
  carrierAssignRequest,
  carrierCreateRequest,
  carrierListQuery,
  venueQuery,
  carrierListResponse,
  changeDeliveryCompanyRequest,
  chatUnreadResponse,
  electronicTabsFlow,
  kdsEventsQuery,
  kdsListQuery,
  kdsListResponse,
  kdsSettings as kdsSettingsSchema,
  kdsSettingsUpdate,
  kdsTablesResponse,
  merchantConfiguration,
  merchantConfigurationUpdate,
  order,
  orderConflictBody,
  orderIntakeRequest,
  orderRefRequest,
  printerStatusRequest,
  printResponse,
  recallRequest,
  rushRequest,
  bumpItemRequest,
  resendQuery,
  resendRequest,
  stateChangeRequest,
  stateChangeResponse,
  trackingResponse,
  workflowStatesQuery,
  workflowStatesResponse,
} from '../../../shared/contract/orders';
import {
  CHAT_TIMEOUT_MS,
  DEFAULT_WORKFLOW_STATES,
  DELIVERY_KIND,
  KDS_EVENT,
  KDS_PATHS,
  ORDER_COMMANDS,
  ORDER_MSG,
  ORDER_ORIGIN,
  PAYMENT_TYPES,
  WORKFLOW_DEFINITION,
} from '../../../shared/orders';
import { hasAccess } from '../../../shared/roles';
import { WAITER_MSG, WAITER_ROLE } from '../../../shared/waiter';
import type { DbHandle } from '../../db/client';
import { memberships } from '../../db/schema/auth';
import { marketplaceIntegrations } from '../../db/schema/marketplace';
import { ifoodOnStoreSwitch, ifoodStoreSwitchNow } from '../marketplace/ifood/ifood-store-switch';
import { carriers, kdsSettings, kdsTables, orders, orderStateHistory } from '../../db/schema/orders';
import { venues } from '../../db/schema/venues';
import { LINK_EVENTS_ROLE } from '../../../shared/contract/venue-events';
import { STREAM_TICKET_PARAM, STREAM_TICKET_PATH, STREAM_TICKET_TTL_SECONDS, streamTicketRequest, streamTicketResponse } from '../../../shared/contract/stream-ticket';
import { streamTickets } from '../../db/schema/stream-tickets';
import { newToken, sha256 } from '../../lib/crypto';
import { HttpError } from '../../lib/http-error';
import { rememberPlace, requireUser, requireVenue, type AuthUser } from '../../plugins/auth';
import { readFoodSettings } from './food-config.reader';
import { answer, commandDb, keyOf, requestHash, type CommandResult, type Idempotency } from './idempotency';
import type { KdsHub, StreamView } from './kds-hub';
import { venueStreamView } from '../live/venue-events';
import { ensureVenueBoard, EVENTS_CHANNEL, findOrder, isUuid, listOrders, loadSettings, loadStates, reais } from './orders.repository';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  handle: DbHandle;
  hub: KdsHub;
  idem: Idempotency;
  service: OrdersService;
  env: Record<string, string | undefined>;
}

const PAINEL = 'Painel';
/**
 * The marketplace merchant configuration here only opens/closes the store and its open time (the
 * board's store-status modal), so the board's role reaches it too; the merchant id and the
 * integration switch are edited in the marketplace area (IntegracaoIfoodKds there).
 */
const MARKETPLACE_ROLE = 'IntegracaoIfoodKds,Painel';
const SETTINGS_ROLE = 'MeepFoodConfiguration';
const POLL_ACCESS_TTL_MS = 2_000;
/**
 * The venue's live stream: the board, the waiter's phone (a filtered view, see waiterView) and the
 * payment links' page (payment-link events only); each stream sees what its roles allow
 * (venueStreamView, modules/live/venue-events.ts).
 */
const STREAM_ROLES = `${PAINEL},${WAITER_ROLE},${LINK_EVENTS_ROLE}`;
/** The board's view of an order event: all of it. */
const boardView: StreamView = (_type, _id, _payload, whole) => whole;

/** What a waiter's stream carries of an event: table orders only, ids and state, no order body. */
function waiterView(type: string, id: number, payload: Record<string, unknown>): string | null {
  const pedido = payload.Pedido as { TipoEntrega?: number } | undefined;
  if (type !== KDS_EVENT.orderCreated && type !== KDS_EVENT.orderChanged) return null;
  if (pedido?.TipoEntrega !== DELIVERY_KIND.table) return null;
  return JSON.stringify({ id: String(id), type, LocalClienteId: payload.LocalClienteId, PedidoId: payload.PedidoId, EstadoId: payload.EstadoId });
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody, 502: errorBody };
const commandErrors = { ...errors, 409: orderConflictBody };

export async function ordersRoutes(fastify: FastifyInstance, opts: OrdersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { handle, hub, idem, service } = opts;
  const db = handle.db;

  const board = (req: FastifyRequest, venueId: string | undefined, role = PAINEL) => requireVenue(db, req, venueId, role);

  /**
   * The board polls api/kds over and over; the answer to "may this session see this venue's
   * board" is remembered for 2 s per session, so an unchanged poll costs no membership query. The
   * session itself is still checked on every request (sign-out is immediate); a role taken away
   * stops working within 2 s.
   */
  const pollAccess = new Map<string, number>();
  async function boardPoll(req: FastifyRequest, venueId: string): Promise<void> {
    const user = requireUser(req);
    const key = `${user.sessionId}\n${venueId}`;
    const until = pollAccess.get(key);
    if (until && until > Date.now()) return;
    await board(req, venueId);
    if (pollAccess.size > 10_000) pollAccess.clear();
    pollAccess.set(key, Date.now() + POLL_ACCESS_TTL_MS);
  }

  /**
   * The venue of an order the user may act on. An order of a venue the user does not belong to
   * answers 404 like a missing one, so ids reveal nothing; a member without the role gets 403.
   */
  async function orderAccess(req: FastifyRequest, orderId: string, role = PAINEL): Promise<{ venueId: string; origin: number; user: AuthUser }> {
    const user = requireUser(req);
    if (!isUuid(orderId)) throw new HttpError(404, ORDER_MSG.orderNotFound);
    const [row] = await db.select({ venueId: orders.venueId, origin: orders.origin }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
    const [member] = await db
      .select({ v: memberships.venueId })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.venueId, row.venueId)));
    if (!member) throw new HttpError(404, ORDER_MSG.orderNotFound);
    await requireVenue(db, req, row.venueId, role);
    return { venueId: row.venueId, origin: row.origin, user };
  }

  // ---------------------------------------------------------------------------------------------
  // Workflow and list

  app.get(KDS_PATHS.workflowStates, { schema: { querystring: workflowStatesQuery, response: { 200: workflowStatesResponse, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.query.localClienteId);
    if (req.query.workflowDefinition && req.query.workflowDefinition.toLowerCase() !== WORKFLOW_DEFINITION.toLowerCase()) {
      throw new HttpError(404, 'Fluxo de trabalho não encontrado.');
    }
    await ensureVenueBoard(db, venueId);
    const states = await loadStates(db, venueId);
    return [...states.values()].map((s) => ({
      Id: s.stateId,
      Name: s.name,
      BackgroundColor: s.backgroundColor,
      Key: DEFAULT_WORKFLOW_STATES.find((d) => d.Id === s.stateId)?.Key ?? '',
      Ordem: s.position,
    }));
  });

  app.get(
    KDS_PATHS.list,
    { schema: { querystring: kdsListQuery, response: { 200: kdsListResponse, ...errors } } },
    async (req, reply) => {
      const q = req.query;
      // Named, or the session's current place (docs/decisions/auth.md "Current place").
      const venueId = q.localClienteId || requireUser(req).currentPlace;
      if (!venueId) throw new HttpError(403, MSG.accessDenied);
      await boardPoll(req, venueId);
      if (q.shouldOpenStore) {
        // "A loja está fechada. Deseja abrir?" → Sim: the board reloads with shouldOpenStore.
        // The same store switch as api/ifoodMerchantConfiguration: iFood hears it (its pause is lifted).
        await db.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
        const storeJob = await db.transaction(async (tx) => {
          await tx.update(kdsSettings).set({ marketplaceActive: true, updatedAt: new Date() }).where(eq(kdsSettings.venueId, venueId));
          return ifoodOnStoreSwitch(tx, venueId);
        });
        await ifoodStoreSwitchNow(fastify.jobs, storeJob);
        hub.changed(venueId);
      }
      // The seed is read before the list, so an ETag never claims content newer than it answers.
      const seed = await hub.seed(venueId);
      const { shouldOpenStore: _s, kdsDesktop: _d, ...rest } = q;
      const filters = { ...rest, localClienteId: venueId };
      const etag = `W/"kds-${seed}-${createHash('sha1').update(JSON.stringify(filters)).digest('base64url').slice(0, 16)}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === etag)) {
        // No body and no content-length: a 304 with "content-length: 4" (a serialised null) hangs clients.
        return reply.status(304).send(undefined as never);
      }
      const { items, total, hasNext, byState } = await listOrders(db, venueId, filters);
      reply.header('x-total-count', String(total));
      return { items, hasNext, countTotal: total, porEtapa: byState };
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Live events

  // EventSource cannot send headers: the stream's URL carries a single-use ticket bound to the
  // session and this venue (POST STREAM_TICKET_PATH below), never the bearer token; the auth
  // plugin turns the ticket into its session (route config streamTicket). The board (Painel) gets
  // every order event; a waiter's phone (Garcom without Painel) only table orders' changes, without
  // the order body (customers' data stays on the board); payment-link events go only to sessions
  // with CadastroLink (issue 28), so a kitchen tablet's stream never carries them.
  app.get(KDS_PATHS.events, { config: { streamTicket: STREAM_TICKET_PARAM }, schema: { querystring: kdsEventsQuery, response: errors } }, async (req, reply) => {
    if (req.streamTicketVenue && req.streamTicketVenue !== req.query.localClienteId) throw new HttpError(403, MSG.accessDenied);
    const { venueId, roles } = await board(req, req.query.localClienteId, STREAM_ROLES);
    const header = req.headers['last-event-id'];
    const last = (Array.isArray(header) ? header[0] : header) ?? req.query.lastEventId ?? null;
    reply.hijack();
    try {
      const orderView = hasAccess(roles, PAINEL) ? boardView : hasAccess(roles, WAITER_ROLE) ? waiterView : null;
      await hub.open(venueId, reply.raw, last, venueStreamView(roles, orderView));
    } catch (err) {
      // The stream has started: no error body can follow, so end it and let EventSource reconnect.
      req.log.warn({ err }, 'falha ao abrir o fluxo de eventos do painel');
      reply.raw.end();
    }
  });

  app.post(
    STREAM_TICKET_PATH,
    { schema: { body: streamTicketRequest, response: { 201: streamTicketResponse, ...errors } } },
    async (req, reply) => {
      const user = requireUser(req);
      const { venueId } = await board(req, req.body.localClienteId, STREAM_ROLES);
      const ticket = newToken();
      await db.insert(streamTickets).values({
        tokenHash: sha256(ticket),
        sessionId: user.sessionId,
        venueId,
        expiresAt: new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ ticket, expiresIn: STREAM_TICKET_TTL_SECONDS });
    },
  );

  // Used and expired tickets are worth nothing: delete them once per cluster an hour.
  fastify.jobs.definePeriodic('orders.stream-tickets-cleanup', 3_600_000, async (ctx) => {
    await ctx.db.delete(streamTickets).where(lt(streamTickets.expiresAt, new Date(Date.now() - 60_000)));
  });

  // ---------------------------------------------------------------------------------------------
  // Intake and state commands

  app.post(
    KDS_PATHS.intake,
    { schema: { body: orderIntakeRequest, response: { 201: order, ...commandErrors } } },
    async (req, reply) => {
      // Waiters send their table orders here too (issue 18), and only those.
      const { roles } = await board(req, req.body.LocalClienteId, `${PAINEL},${WAITER_ROLE}`);
      if (!hasAccess(roles, PAINEL) && (req.body.TipoEntrega !== DELIVERY_KIND.table || req.body.OrigemPedido !== ORDER_ORIGIN.own)) {
        throw new HttpError(403, WAITER_MSG.onlyTableOrders);
      }
      const r = await service.intake(requireUser(req), req.body, keyOf(req), hasAccess(roles, PAINEL));
      return answer(reply, r);
    },
  );

  for (const command of ORDER_COMMANDS) {
    app.post(
      KDS_PATHS.command(command),
      { schema: { body: stateChangeRequest, response: { 200: stateChangeResponse, ...commandErrors } } },
      async (req, reply) => {
        const key = keyOf(req);
        const { venueId, origin, user } = await orderAccess(req, req.body.Id);
        const r = await service.runCommand(user, venueId, origin, command, req.body, key);
        return answer(reply, r);
      },
    );
  }

  app.post(KDS_PATHS.recall, { schema: { body: recallRequest, response: { 200: stateChangeResponse, ...commandErrors } } }, async (req, reply) => {
    const { venueId, user } = await orderAccess(req, req.body.Id);
    return answer(reply, { ...(await service.recall(user, venueId, req.body)), replayed: false });
  });

  /** Commands outside the transition table share the idempotency rules through `around`. */
  async function idempotent(req: FastifyRequest, route: string, venueId: string, payload: unknown, work: () => Promise<CommandResult>) {
    const key = keyOf(req);
    return idem.around({ venueId, key, hash: requestHash(route, payload), userId: requireUser(req).id }, work);
  }

  app.post(
    KDS_PATHS.resend,
    { schema: { querystring: resendQuery, body: zm.optional(zm.nullable(resendRequest)), response: { 200: printResponse, ...commandErrors } } },
    async (req, reply) => {
      const { venueId, user } = await orderAccess(req, req.query.pedidoId);
      const body = (req.body ?? {}) as { imageBase64?: string | null };
      const r = await idempotent(req, 'ReSendOrder', venueId, { q: req.query, b: body }, async () => {
        const res = await service.print(venueId, req.query.pedidoId, {
          responsable: user.name,
          imageBase64: body.imageBase64,
          localServerOnly: req.query.apenasServidorLocal === 'true',
        });
        const printer = res.printers.join(', ');
        return {
          status: 200,
          body: { Sucesso: true, Impressora: printer, Message: ORDER_MSG.printerInQueue, Pedido: res.order, Jobs: res.jobs, EnderecoServidorLocal: res.host },
        };
      });
      return answer(reply, r);
    },
  );

  app.post(KDS_PATHS.rush, { schema: { body: rushRequest, response: { 200: order, ...commandErrors } } }, async (req, reply) => {
    const { venueId } = await orderAccess(req, req.body.Id);
    const r = await idempotent(req, 'rushOrder', venueId, req.body, async () => ({ status: 200, body: await service.setRush(venueId, req.body.Id, req.body.Urgente) }));
    return answer(reply, r);
  });

  app.post(KDS_PATHS.bumpItem, { schema: { body: bumpItemRequest, response: { 200: order, ...commandErrors } } }, async (req, reply) => {
    const key = keyOf(req);
    const { venueId, user } = await orderAccess(req, req.body.PedidoId);
    // The bump, the move it may cause and its key are one transaction (see service.bumpItem).
    return answer(reply, await service.bumpItem(user, venueId, req.body, key));
  });

  app.post(
    KDS_PATHS.printerStatus,
    { schema: { body: printerStatusRequest, response: { 200: order, ...commandErrors } } },
    async (req, reply) => {
      const { venueId } = await orderAccess(req, req.body.PedidoId);
      const r = await idempotent(req, 'printerStatus', venueId, req.body, async () => ({
        status: 200,
        body: await service.setPrinterStatus(venueId, req.body.PedidoId, req.body.Status),
      }));
      return answer(reply, r);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Carriers and couriers

  app.get(KDS_PATHS.carriers, { schema: { querystring: carrierListQuery, response: { 200: carrierListResponse, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.query.localClienteId);
    const rows = await db.select().from(carriers).where(eq(carriers.venueId, venueId)).orderBy(asc(carriers.name));
    return rows.map((c) => ({ Id: c.id, Nome: c.name, Telefone: c.phone, Documento: c.document }));
  });

  app.post(KDS_PATHS.carriers, { schema: { body: carrierCreateRequest, response: { 201: carrier, ...errors } } }, async (req, reply) => {
    const { venueId } = await board(req, req.body.LocalClienteId);
    const r = await idempotent(req, 'createCarrier', venueId, req.body, async () => {
      // In the command's transaction (with its key), so a racing retry creates no second carrier.
      const [c] = await commandDb(db)
        .insert(carriers)
        .values({ venueId, name: req.body.Nome, phone: req.body.Telefone, document: req.body.Documento })
        .returning();
      return { status: 201, body: { Id: c.id, Nome: c.name, Telefone: c.phone, Documento: c.document } };
    });
    return answer(reply, r);
  });

  app.post(KDS_PATHS.assignCarrier, { schema: { body: carrierAssignRequest, response: { 200: order, ...commandErrors } } }, async (req, reply) => {
    const { venueId } = await orderAccess(req, req.body.PedidoId);
    const r = await idempotent(req, 'atualizartransportador', venueId, req.body, async () => ({
      status: 200,
      body: req.body.UsarMeepDelivery
        ? await service.callCourier(venueId, req.body.PedidoId)
        : await service.assignCarrier(venueId, req.body.PedidoId, req.body.TransportadoraId ?? null),
    }));
    return answer(reply, r);
  });

  app.post(KDS_PATHS.changeDeliveryCompany, { schema: { body: changeDeliveryCompanyRequest, response: { 200: order, ...commandErrors } } }, async (req, reply) => {
    const { venueId } = await orderAccess(req, req.body.PedidoId);
    const r = await idempotent(req, 'mudarEmpresaTransportePedido', venueId, req.body, async () => ({
      status: 200,
      body: await service.changeDeliveryCompany(venueId, req.body.PedidoId, req.body.EmpresaTransporte),
    }));
    return answer(reply, r);
  });

  for (const [path, route] of [
    [KDS_PATHS.authorizeMeepDelivery, 'AutorizarMeepDelivery'],
    [KDS_PATHS.callCourier, 'chamarEntregador'],
  ] as const) {
    app.post(path, { schema: { body: orderRefRequest, response: { 200: order, ...commandErrors } } }, async (req, reply) => {
      const { venueId } = await orderAccess(req, req.body.PedidoId);
      const r = await idempotent(req, route, venueId, req.body, async () => ({ status: 200, body: await service.callCourier(venueId, req.body.PedidoId) }));
      return answer(reply, r);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Orders and venue data

  app.get('/api/kds/order/:id', { schema: { params: z.object({ id: z.string() }), response: { 200: order, ...errors } } }, async (req) => {
    const { venueId } = await orderAccess(req, req.params.id);
    const o = await findOrder(db, venueId, req.params.id);
    if (!o) throw new HttpError(404, ORDER_MSG.orderNotFound);
    return o;
  });

  // api/kds/cancellationReasons/{id} is the marketplace module's (iFood's own reasons for its orders).

  app.get(KDS_PATHS.tables, { schema: { querystring: venueQuery, response: { 200: kdsTablesResponse, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.query.localClienteId);
    const rows = await db.select().from(kdsTables).where(eq(kdsTables.venueId, venueId)).orderBy(asc(kdsTables.position), asc(kdsTables.name));
    return rows.map((t) => ({ Id: t.id, Nome: t.name }));
  });

  app.get(KDS_PATHS.electronicTabsFlow, { schema: { querystring: venueQuery, response: { 200: electronicTabsFlow, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.query.localClienteId);
    const s = await loadSettings(db, venueId);
    return { localClienteId: venueId, ativo: s?.electronicTabs ?? false };
  });

  async function settingsOf(venueId: string) {
    await db.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
    const s = (await loadSettings(db, venueId))!;
    return {
      localClienteId: venueId,
      EnderecoServidorLocal: s.printServerUrl,
      refresh15s: s.refresh15s,
      ageWarnMinutes: s.ageWarnMinutes,
      ageLateMinutes: s.ageLateMinutes,
      repeatChime: s.repeatChime,
      chimeRepeatSeconds: s.chimeRepeatSeconds,
      prepMinutes: s.prepMinutes,
      defaultStation: s.defaultStation,
      delivery: await readFoodSettings(db, venueId),
      courierSandbox: service.couriers.allSandbox(),
      courierNotConfigured: service.couriers.notConfigured(),
    };
  }

  const localParams = z.object({ localId: z.string() });

  app.get('/api/kds/configuracao/:localId', { schema: { params: localParams, response: { 200: kdsSettingsSchema, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.params.localId);
    return settingsOf(venueId);
  });

  app.post(KDS_PATHS.settings, { schema: { body: kdsSettingsUpdate, response: { 200: kdsSettingsSchema, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.body.localClienteId, SETTINGS_ROLE);
    const b = req.body;
    const warn = b.ageWarnMinutes;
    const late = b.ageLateMinutes;
    const current = await settingsOf(venueId);
    if ((warn ?? current.ageWarnMinutes) >= (late ?? current.ageLateMinutes)) {
      throw new HttpError(400, 'O tempo do vermelho deve ser maior que o do amarelo.');
    }
    await db
      .update(kdsSettings)
      .set({
        ...(b.EnderecoServidorLocal !== undefined ? { printServerUrl: b.EnderecoServidorLocal ? b.EnderecoServidorLocal.replace(/\/+$/, '') : null } : {}),
        ...(b.refresh15s !== undefined ? { refresh15s: b.refresh15s } : {}),
        ...(warn !== undefined ? { ageWarnMinutes: warn } : {}),
        ...(late !== undefined ? { ageLateMinutes: late } : {}),
        ...(b.repeatChime !== undefined ? { repeatChime: b.repeatChime } : {}),
        ...(b.chimeRepeatSeconds !== undefined ? { chimeRepeatSeconds: b.chimeRepeatSeconds } : {}),
        ...(b.prepMinutes !== undefined ? { prepMinutes: b.prepMinutes } : {}),
        ...(b.defaultStation !== undefined ? { defaultStation: b.defaultStation } : {}),
        updatedAt: new Date(),
      })
      .where(eq(kdsSettings.venueId, venueId));
    // The print server address is part of every order (EnderecoServidorLocal): boards must refetch.
    await handle.notify(EVENTS_CHANNEL, `${venueId}:settings`);
    hub.changed(venueId);
    return settingsOf(venueId);
  });

  // ---------------------------------------------------------------------------------------------
  // Marketplace

  async function merchantOf(venueId: string) {
    await db.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
    const s = (await loadSettings(db, venueId))!;
    // The merchant id and the integration switch are the marketplace area's (api/MeepFood/IntegracaoMarketplace).
    const [m] = await db.select().from(marketplaceIntegrations).where(eq(marketplaceIntegrations.id, venueId));
    return {
      id: venueId,
      localClienteId: venueId,
      merchantId: m?.merchantId ?? '',
      ifoodIntegration: m?.isActive ?? false,
      isOpenTime: s.marketplaceOpenTime,
      isActive: s.marketplaceActive,
    };
  }

  // api/kds/ifoodMerchantStatus/{localId} is the marketplace module's (iFood's store status).

  app.get('/api/ifoodMerchantConfiguration/:localId', { schema: { params: localParams, response: { 200: merchantConfiguration, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.params.localId, MARKETPLACE_ROLE);
    return merchantOf(venueId);
  });

  app.post(KDS_PATHS.merchantConfiguration, { schema: { body: merchantConfigurationUpdate, response: { 200: merchantConfiguration, ...errors } } }, async (req) => {
    // The place: ours (localClienteId), else the spec's configuration id, else the current place.
    const named = req.body.localClienteId || req.body.id;
    if (req.body.localClienteId && req.body.id && req.body.localClienteId.toLowerCase() !== req.body.id.toLowerCase()) {
      throw new HttpError(400, ORDER_MSG.merchantConfigurationPlaceDisagree);
    }
    const { venueId } = await board(req, named, MARKETPLACE_ROLE);
    await rememberPlace(db, req, venueId);
    await db.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
    const storeJob = await db.transaction(async (tx) => {
      if (req.body.merchantId !== undefined) {
        // The store ID is the marketplace area's (api/MeepFood/IntegracaoMarketplace): saved there.
        const merchantId = req.body.merchantId.trim();
        await tx
          .insert(marketplaceIntegrations)
          .values({ id: venueId, merchantId, updatedAt: new Date() })
          .onConflictDoUpdate({ target: marketplaceIntegrations.id, set: { merchantId, updatedAt: new Date() } });
      }
      await tx
        .update(kdsSettings)
        .set({
          ...(req.body.isOpenTime !== undefined ? { marketplaceOpenTime: req.body.isOpenTime } : {}),
          ...(req.body.isActive !== undefined ? { marketplaceActive: req.body.isActive } : {}),
          updatedAt: new Date(),
        })
        .where(eq(kdsSettings.venueId, venueId));
      // The store switch goes to iFood as a merchant interruption (durable job, marketplace area).
      return req.body.isActive !== undefined ? ifoodOnStoreSwitch(tx, venueId) : null;
    });
    await ifoodStoreSwitchNow(fastify.jobs, storeJob);
    return merchantOf(venueId);
  });

  // ---------------------------------------------------------------------------------------------
  // Chat (separate service): CHAT_BASE_URL; without it there is no chat, so nothing is unread.

  app.get('/api/Chat/GetNotVizualizedMessagesFromAppByLocal/:localId', { schema: { params: localParams, response: { 200: chatUnreadResponse, ...errors } } }, async (req) => {
    const { venueId } = await board(req, req.params.localId);
    const base = opts.env.CHAT_BASE_URL;
    if (!base) return { quantidade: 0 };
    try {
      const res = await fetch(`${base.replace(/\/+$/, '')}/api/Chat/GetNotVizualizedMessagesFromAppByLocal/${venueId}`, {
        headers: opts.env.CHAT_API_TOKEN ? { authorization: `Bearer ${opts.env.CHAT_API_TOKEN}` } : {},
        signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
      });
      // Spec 000 §7: a 401 of the chat service clears the session and goes to /login, so it is
      // answered as a 401 (the PWA's one 401 handler ends the session).
      if (res.status === 401) throw new HttpError(401, MSG.unauthorized);
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as unknown;
      const n = typeof body === 'number' ? body : Number((body as Record<string, unknown>)?.quantidade ?? (body as Record<string, unknown>)?.count);
      if (!Number.isFinite(n)) throw new Error('resposta inválida');
      return { quantidade: Math.max(0, Math.round(n)) };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(502, ORDER_MSG.genericError);
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Public order tracking

  app.get(
    '/api/MeepFood/Order/:code',
    { config: { public: true }, schema: { params: z.object({ code: z.string() }), response: { 200: trackingResponse, ...errors } } },
    async (req) => {
      const code = req.params.code.trim().toUpperCase();
      if (!/^[A-Z0-9]{4,32}$/.test(code)) throw new HttpError(404, ORDER_MSG.trackingNotFound);
      const [row] = await db
        .select({ o: orders, venueName: venues.name })
        .from(orders)
        .innerJoin(venues, eq(venues.id, orders.venueId))
        .where(eq(orders.trackingCode, code));
      if (!row) throw new HttpError(404, ORDER_MSG.trackingNotFound);
      const o = await findOrder(db, row.o.venueId, row.o.id);
      const history = await db
        .select({ s: orderStateHistory.toStateId, at: orderStateHistory.at })
        .from(orderStateHistory)
        .where(eq(orderStateHistory.orderId, row.o.id))
        .orderBy(asc(orderStateHistory.id));
      return {
        Code: row.o.trackingCode,
        CriationDate: row.o.createdAt.toISOString(),
        KindPay: PAYMENT_TYPES.find((p) => p.Id === row.o.paymentTypeId)?.Descricao ?? '',
        Amount: reais(row.o.totalCents) ?? 0,
        Duration: row.o.deliveryTimeMinutes,
        CurrentState: o?.WorkflowInstance.CurrenteState.Name ?? '',
        Items: (o?.Itens ?? []).map((i) => ({ Quantidade: i.Quantidade, NomeProduto: i.NomeProduto })),
        CurrentStateId: row.o.stateId,
        Codigo: String(row.o.code),
        NomeLocal: row.venueName,
        TipoEntrega: row.o.deliveryKind,
        HistoricoEstados: history.map((h) => ({ EstadoId: h.s, Data: h.at.toISOString() })),
      };
    },
  );

}
