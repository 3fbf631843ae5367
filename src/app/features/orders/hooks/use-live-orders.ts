/**
 * The board's live stream (GET api/kds/events, Server-Sent Events). EventSource cannot send
 * headers, so the token goes as the access_token query parameter, as the server documents. The
 * browser reconnects by itself with Last-Event-ID and the server catches up; when the stream is
 * refused or closed for good, the hook opens a new one after a growing delay, passing the last
 * event id it saw. Meanwhile the board polls (the caller reads the stream state).
 */
import { useEffect, useRef } from 'react';
import { kdsEvent, type KdsEvent } from '../../../../shared/contract/orders';
import { KDS_EVENT, KDS_PATHS, SSE_TOKEN_PARAM } from '../../../../shared/orders';
import { apiUrl } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { noteContact, setStreamState } from '../api/connection';

const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 30_000;

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
    let delay = RECONNECT_MIN_MS;
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
        delay = RECONNECT_MIN_MS;
        setStreamState('open');
        // A new stream after a gap: catch up on what the event log may not cover.
        if (everOpened) handlers.current.onResync();
        everOpened = true;
      };
      source.addEventListener(KDS_EVENT.ready, () => {
        setStreamState('open');
      });
      source.addEventListener(KDS_EVENT.orderCreated, onData as EventListener);
      source.addEventListener(KDS_EVENT.orderChanged, onData as EventListener);
      source.addEventListener(KDS_EVENT.printerStatus, onData as EventListener);
      source.addEventListener(KDS_EVENT.reset, () => handlers.current.onResync());
      source.onerror = () => {
        if (stopped) return;
        if (source.readyState === EventSource.CLOSED) {
          // Refused (401, 404, 5xx) or closed for good: try again later, polling meanwhile.
          source.close();
          setStreamState('connecting');
          timer = setTimeout(connect, delay);
          delay = Math.min(RECONNECT_MAX_MS, delay * 2);
        } else {
          // The browser is reconnecting by itself (with Last-Event-ID).
          setStreamState('connecting');
        }
      };
    };

    connect();
    const onOnline = () => {
      if (es?.readyState === EventSource.CLOSED || !es) {
        if (timer) clearTimeout(timer);
        delay = RECONNECT_MIN_MS;
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
