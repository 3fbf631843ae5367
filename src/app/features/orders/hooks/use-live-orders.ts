/**
 * The board's live stream (GET api/kds/events, Server-Sent Events). EventSource cannot send
 * headers, so the token goes as the access_token query parameter, as the server documents.
 * A dropped stream is reconnected by the browser with Last-Event-ID after the server's `retry`
 * (spread per stream by the server, so boards do not return in lockstep); a refused or closed one
 * is opened again by the hook after a jittered, growing delay (`reconnectDelay`), passing the last
 * event id it saw. Either way the server resumes from there and the list is not reloaded: only a
 * `reset` (the log no longer covers the gap) or a stream that never had an id reloads it.
 * Meanwhile the board polls.
 */
import { useEffect, useRef } from 'react';
import { kdsEvent, type KdsEvent } from '../../../../shared/contract/orders';
import { KDS_EVENT, KDS_PATHS, SSE_TOKEN_PARAM } from '../../../../shared/orders';
import { apiUrl } from '../../../lib/api-client';
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

    const connect = () => {
      if (stopped) return;
      const token = getSession()?.token;
      setStreamState('connecting');
      const source = new EventSource(apiUrl(KDS_PATHS.events, { localClienteId: localId, [SSE_TOKEN_PARAM]: token, lastEventId }));
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
        // Dropped: the browser reconnects by itself with Last-Event-ID after the server's `retry`,
        // which the server spreads per stream (1–5 s) so boards do not come back in lockstep.
        if (source.readyState !== EventSource.CLOSED) return;
        // Refused (401, 404, 5xx) or closed for good: try again after a jittered, growing delay.
        source.close();
        es = null;
        if (timer) clearTimeout(timer);
        timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };

    connect();
    const onOnline = () => {
      if (es?.readyState === EventSource.CLOSED || !es) {
        if (timer) clearTimeout(timer);
        attempt = 0;
        connect();
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
