/**
 * Routes of the waiter's phone (issue 18; paths in src/shared/contract/waiter.ts WAITER_PATHS).
 * Role Garcom in the venue for all of them. "Entregue à mesa" is the order board's deliverOrder
 * transition (Em transporte → Entregue) run by the orders module's service, so it shares the
 * transition table, the Idempotency-Key store (a replayed key answers the stored answer) and the
 * board's live events; it only takes table orders.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { orderConflictBody } from '../../../shared/contract/orders';
import { deliveredRequest, deliveredResponse, WAITER_PATHS, waiterMenuResponse, waiterTablesResponse, waiterVenueQuery } from '../../../shared/contract/waiter';
import { DELIVERY_KIND, ORDER_MSG } from '../../../shared/orders';
import { WAITER_MSG, WAITER_ROLE } from '../../../shared/waiter';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/auth';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue } from '../../plugins/auth';
import { answer, keyOf } from '../orders/idempotency';
import { isUuid } from '../orders/orders.repository';
import type { OrdersService } from '../orders/orders.service';
import { listTablesWithOrders, loadMenu, orderForDelivery } from './waiter.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export async function waiterRoutes(fastify: FastifyInstance, opts: { db: Db; orders: OrdersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(WAITER_PATHS.tables, { schema: { querystring: waiterVenueQuery, response: { 200: waiterTablesResponse, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, WAITER_ROLE);
    return listTablesWithOrders(db, venueId);
  });

  app.get(WAITER_PATHS.menu, { schema: { querystring: waiterVenueQuery, response: { 200: waiterMenuResponse, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId, WAITER_ROLE);
    return loadMenu(db, venueId);
  });

  app.post(
    WAITER_PATHS.delivered,
    { schema: { body: deliveredRequest, response: { 200: deliveredResponse, ...errors, 409: orderConflictBody } } },
    async (req, reply) => {
      const user = requireUser(req);
      const key = keyOf(req);
      const id = req.body.PedidoId;
      // An order of a venue the user does not belong to answers 404 like a missing one (ids reveal nothing).
      const row = isUuid(id) ? await orderForDelivery(db, id) : null;
      if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
      const [member] = await db.select({ v: memberships.venueId }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.venueId, row.venueId)));
      if (!member) throw new HttpError(404, ORDER_MSG.orderNotFound);
      await requireVenue(db, req, row.venueId, WAITER_ROLE);
      if (row.kind !== DELIVERY_KIND.table) throw new HttpError(400, WAITER_MSG.notTableOrder);
      const r = await opts.orders.runCommand(user, row.venueId, row.origin, 'deliverOrder', { Id: id, ExpectedStateId: req.body.ExpectedStateId ?? null }, key);
      return answer(reply, r);
    },
  );
}
