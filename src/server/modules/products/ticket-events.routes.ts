/** GET api/SuperApp/Event/UpcomingEvents and OngoingEvents (src/shared/contract/ticket-events.ts). */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { ONGOING_EVENT_HOURS, TICKET_EVENT_PATHS, ticketEventList, ticketEventsQuery } from '../../../shared/contract/ticket-events';
import type { Db } from '../../db/client';
import { donationEvents } from '../../db/schema/donations';
import { requireVenue } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const LIMIT = 200;

export function ticketEventRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const list = async (venueId: string, from: Date | null, until: Date | null, startedAfter: Date | null) => {
    const rows = await db
      .select({ id: donationEvents.id, name: donationEvents.name, date: donationEvents.date })
      .from(donationEvents)
      .where(
        and(
          eq(donationEvents.venueId, venueId),
          eq(donationEvents.isActive, true),
          from ? gt(donationEvents.date, from) : undefined,
          until ? lte(donationEvents.date, until) : undefined,
          startedAfter ? gt(donationEvents.date, startedAfter) : undefined,
        ),
      )
      .orderBy(asc(donationEvents.date), asc(donationEvents.id))
      .limit(LIMIT);
    return rows.map((r) => ({ id: r.id, name: r.name, date: r.date.toISOString() }));
  };

  const schema = { querystring: ticketEventsQuery, response: { 200: ticketEventList, ...errors } };

  app.get(TICKET_EVENT_PATHS.upcoming, { schema: { ...schema, summary: 'Eventos futuros do local (produtos do tipo ingresso)' } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId);
    return list(venueId, new Date(), null, null);
  });

  app.get(TICKET_EVENT_PATHS.ongoing, { schema: { ...schema, summary: 'Eventos em andamento do local (produtos do tipo ingresso)' } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId);
    const now = new Date();
    return list(venueId, null, now, new Date(now.getTime() - ONGOING_EVENT_HOURS * 3_600_000));
  });
}
