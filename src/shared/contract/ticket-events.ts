/**
 * Ticket events (spec 000 §3 Events): GET api/SuperApp/Event/UpcomingEvents?localId and
 * OngoingEvents?localId, merged by the product form for a ticket product's event select
 * (fields id, name). The events are the place's events (the donation module's events table).
 *
 * The spec gives events a start date and no end: we call an event "ongoing" from its start until
 * `ONGOING_EVENT_HOURS` after it, and "upcoming" before its start. Inactive events are neither.
 */
import * as z from 'zod/mini';

export const TICKET_EVENT_PATHS = {
  upcoming: '/api/SuperApp/Event/UpcomingEvents',
  ongoing: '/api/SuperApp/Event/OngoingEvents',
} as const;

export const ONGOING_EVENT_HOURS = 12;

export const ticketEventsQuery = z.object({ localId: z.string().check(z.minLength(1, 'Informe o parâmetro localId.')) });
export const ticketEvent = z.object({ id: z.string(), name: z.string(), date: z.string() });
export const ticketEventList = z.array(ticketEvent);
export type TicketEvent = z.infer<typeof ticketEvent>;
