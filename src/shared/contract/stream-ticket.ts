/**
 * Stream tickets (issue 28): EventSource cannot send headers, so the venue's event stream (the
 * board, the waiter's phone, the payment links' page: GET api/kds/events) carries a short-lived,
 * single-use ticket in its URL instead of the bearer token. POST api/kds/events/ticket with the
 * bearer token answers one, bound to that session and venue; revoking the session closes the
 * stream it opened.
 */
import { z } from 'zod/mini';

/** POST: the bearer token in the header, the venue in the body. */
export const STREAM_TICKET_PATH = '/api/kds/events/ticket';
/** Query parameter of the events stream that carries the ticket. */
export const STREAM_TICKET_PARAM = 'ticket';
/** A ticket opens a stream within this many seconds, once. */
export const STREAM_TICKET_TTL_SECONDS = 60;

export const streamTicketRequest = z.object({ localClienteId: z.string().check(z.maxLength(64)) });
export type StreamTicketRequest = z.infer<typeof streamTicketRequest>;

export const streamTicketResponse = z.object({
  ticket: z.string(),
  /** Seconds the ticket stays valid (unused). */
  expiresIn: z.number(),
});
export type StreamTicketResponse = z.infer<typeof streamTicketResponse>;

/**
 * `data:` of an order event on a waiter's stream (roles without Painel): table orders only, and no
 * order body (no customer's name, phone or address); the phone reloads its tables on it.
 */
export const waiterStreamEvent = z.object({
  id: z.string(),
  type: z.string(),
  LocalClienteId: z.string(),
  PedidoId: z.string(),
  EstadoId: z.number(),
});
export type WaiterStreamEvent = z.infer<typeof waiterStreamEvent>;
