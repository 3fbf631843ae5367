/**
 * The board's live stream (GET api/kds/events, Server-Sent Events), opened with a single-use
 * stream ticket (lib/event-stream.ts), never the bearer token in the URL. A dropped, refused or
 * closed stream is closed here (its ticket is spent, so the browser's own reconnect would only be
 * refused) and opened again with a new ticket after a jittered, growing delay (`reconnectDelay`,
 * so boards do not return in lockstep), passing the last event id it saw. The server resumes
 * from there and the list is not reloaded: only a
 * `reset` (the log no longer covers the gap) or a stream that never had an id reloads it.
 * Meanwhile the board polls.
 */
import { useEffect, useRef } from 'react';
import { kdsEvent, type KdsEvent } from '../../../../shared/contract/orders';
import { KDS_EVENT } from '../../../../shared/orders';
import { openEventStream } from '../../../lib/event-stream';
import { getSession } from '../../../lib/session';
import { noteContact, setStreamState } from '../api/connection';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Delay before reconnect number `attempt` (0-based): exponential up to 30 s, uniformly jittered over its upper half. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(cap / 2 + random() * (cap / 2));
}

export interface LiveOrdersOptions {
  localId: string | null;
  enabled: boolean;
  onEvent: (e: KdsEvent) => void;
  /** The server could not catch up (or the stream came back after a gap): reload the lists. */
  onResync: () => void;
}

export function useLiveOrders({ localId, enabled, onEvent, onResync }: LiveOrdersOptions): void {
  const handlers = useRef({ onEvent, onResync });
  handlers.current = { onEvent, onResync };

  useEffect(() => {
    if (!enabled || !localId || typeof EventSource === 'undefined') {
      setStreamState('off');
      return;
    }
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let lastEventId: string | undefined;
    let stopped = false;
    let everOpened = false;

    const onData = (ev: MessageEvent) => {
      if (ev.lastEventId) lastEventId = ev.lastEventId;
      noteContact();
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const parsed = kdsEvent.safeParse(data);
      if (parsed.success) handlers.current.onEvent(parsed.data);
      else handlers.current.onResync();
    };

    const retryLater = () => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(connect, reconnectDelay(attempt++));
    };

    let opening = false;
    const connect = async () => {
      if (stopped || opening || !getSession()?.token) return;
      opening = true;
      setStreamState('connecting');
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
        setStreamState('open');
        // A new stream after a gap resumes from lastEventId (the server sends what was missed, or
        // `reset`); without an id there is nothing to resume from: reload.
        if (everOpened && !lastEventId) handlers.current.onResync();
        everOpened = true;
      };
      source.addEventListener(KDS_EVENT.ready, (ev) => {
        if ((ev as MessageEvent).lastEventId) lastEventId = (ev as MessageEvent).lastEventId;
        setStreamState('open');
      });
      source.addEventListener(KDS_EVENT.orderCreated, onData as EventListener);
      source.addEventListener(KDS_EVENT.orderChanged, onData as EventListener);
      source.addEventListener(KDS_EVENT.printerStatus, onData as EventListener);
      source.addEventListener(KDS_EVENT.reset, () => handlers.current.onResync());
      source.onerror = () => {
        if (stopped || es !== source) return;
        setStreamState('connecting');
        // Dropped, refused (401, 403, 5xx) or closed: its ticket is spent, so the browser's own
        // reconnect would be refused; a new ticket after a jittered, growing delay instead.
        source.close();
        es = null;
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
      setStreamState('off');
    };
  }, [localId, enabled]);
}
