/**
 * Opens the live event stream (GET api/kds/events) of a venue for the board and the waiter's
 * phone. EventSource cannot send headers and a URL must never carry the 12-hour bearer token, so
 * each connection first asks for a single-use ticket (POST api/kds/events/ticket, 60 s, bound to
 * this session and venue) and puts that in the URL. A ticket works once: a dropped stream is
 * closed and opened again through here (the callers add jittered backoff), never by the
 * browser's own reconnect with the spent ticket.
 */
import { KDS_PATHS } from '../../shared/orders';
import { STREAM_TICKET_PARAM, STREAM_TICKET_PATH, streamTicketResponse } from '../../shared/contract/stream-ticket';
import { api, apiUrl } from './api-client';

export async function openEventStream(localId: string, lastEventId: string | undefined, signal?: AbortSignal): Promise<EventSource> {
  const { ticket } = await api(STREAM_TICKET_PATH, { method: 'POST', body: { localClienteId: localId }, schema: streamTicketResponse, signal });
  if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
  return new EventSource(apiUrl(KDS_PATHS.events, { localClienteId: localId, [STREAM_TICKET_PARAM]: ticket, lastEventId }));
}
