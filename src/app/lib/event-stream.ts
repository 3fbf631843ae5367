/**
 * The venue's live event stream (GET api/kds/events), one client for every screen that listens:
 * the order board, the waiter's phone and the payment links' page (each stream carries only what
 * its session's roles may see).
 *
 * EventSource cannot send headers and a URL must never carry the 12-hour bearer token, so each
 * connection first asks for a single-use ticket (POST api/kds/events/ticket, 60 s, bound to this
 * session and venue) and puts that in the URL. A ticket works once: a dropped, refused (401, 403,
 * 5xx) or closed stream is closed here (the browser's own reconnect would only be refused) and
 * opened again with a new ticket after a jittered, growing delay (`reconnectDelay`, so screens do
 * not return in lockstep), passing the last event id it saw so the server resumes from there.
 * Coming back online reconnects at once.
 */
import { KDS_PATHS } from '../../shared/orders';
import { STREAM_TICKET_PARAM, STREAM_TICKET_PATH, streamTicketResponse } from '../../shared/contract/stream-ticket';
import { api, apiUrl } from './api-client';
import { getSession } from './session';

/** Server's first event on a stream ({ lastEventId }) and "catch-up impossible, reload" (from shared/orders' KDS_EVENT). */
const READY = 'ready';
const RESET = 'reset';
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Delay before reconnect number `attempt` (0-based): exponential up to 30 s, uniformly jittered over its upper half. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(cap / 2 + random() * (cap / 2));
}

export async function openEventStream(localId: string, lastEventId: string | undefined, signal?: AbortSignal): Promise<EventSource> {
  const { ticket } = await api(STREAM_TICKET_PATH, { method: 'POST', body: { localClienteId: localId }, schema: streamTicketResponse, signal });
  if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
  return new EventSource(apiUrl(KDS_PATHS.events, { localClienteId: localId, [STREAM_TICKET_PARAM]: ticket, lastEventId }));
}

export interface VenueEventHandlers {
  /** Event types this screen listens to (besides the stream's own `ready` and `reset`). */
  types: readonly string[];
  /** An event of one of `types`; `data` is its parsed JSON (undefined when it was not JSON). */
  onEvent: (type: string, data: unknown) => void;
  /** A ticket is being asked for and the stream opened (first time and after every drop). */
  onConnecting?: () => void;
  /**
   * The stream is open. `gap`: it had been open before and no event id was ever seen, so there is
   * nothing to resume from (what happened meanwhile must be read again).
   */
  onOpen?: (info: { gap: boolean }) => void;
  /** The server's `ready`: the stream is live from here (after sending what was missed). */
  onReady?: () => void;
  /** The server could not catch up from the last event id: read everything again. */
  onReset?: () => void;
  /** The stream dropped or was refused; it is opened again after a delay. */
  onDown?: () => void;
}

/**
 * Subscribes to the venue's live events until the returned function is called. Nothing happens
 * without EventSource (old browsers, tests' jsdom) or without a session.
 */
export function subscribeVenueEvents(localId: string, h: VenueEventHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let es: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let lastEventId: string | undefined;
  let stopped = false;
  let everOpened = false;
  let opening = false;

  const onData = (ev: MessageEvent) => {
    if (ev.lastEventId) lastEventId = ev.lastEventId;
    let data: unknown;
    try {
      data = JSON.parse(String(ev.data));
    } catch {
      data = undefined;
    }
    h.onEvent(ev.type, data);
  };

  const retryLater = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
  };

  const connect = async () => {
    if (stopped || opening || !getSession()?.token) return;
    opening = true;
    h.onConnecting?.();
    let source: EventSource;
    try {
      source = await openEventStream(localId, lastEventId);
    } catch {
      // No ticket (offline, server away, session ended: the API client handles a 401).
      retryLater();
      return;
    } finally {
      opening = false;
    }
    if (stopped) {
      source.close();
      return;
    }
    es = source;
    source.onopen = () => {
      attempt = 0;
      h.onOpen?.({ gap: everOpened && !lastEventId });
      everOpened = true;
    };
    source.addEventListener(READY, (ev) => {
      if ((ev as MessageEvent).lastEventId) lastEventId = (ev as MessageEvent).lastEventId;
      attempt = 0;
      h.onReady?.();
    });
    for (const type of h.types) source.addEventListener(type, onData as EventListener);
    source.addEventListener(RESET, () => h.onReset?.());
    source.onerror = () => {
      if (stopped || es !== source) return;
      // Its ticket is spent: close, and open again with a new ticket after a delay.
      source.close();
      es = null;
      h.onDown?.();
      retryLater();
    };
  };

  void connect();
  const onOnline = () => {
    if (!es || es.readyState === EventSource.CLOSED) {
      if (timer) clearTimeout(timer);
      attempt = 0;
      void connect();
    }
  };
  window.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    if (timer) clearTimeout(timer);
    es?.close();
  };
}
