/**
 * "Pedido pronto" reaches the waiter's phone through the board's live stream (GET api/kds/events,
 * the waiter's narrower view: table orders only, ids and state). Any table order's change reloads
 * the tables at once; while the stream is open the tables are not polled at all. Only while it is
 * down (offline, server away) do they poll, slowly (WAITER_FALLBACK_POLL_MS). The stream is opened
 * with a single-use ticket (lib/event-stream.ts) and, when it drops, opened again with a new one
 * after a jittered, growing delay, resuming from the last event id it saw.
 * window.__balcaoWaiterStream tells end-to-end tests whether it is open and how many events came.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { KDS_EVENT } from '../../../../shared/orders';
import { waiterStreamEvent } from '../../../../shared/contract/stream-ticket';
import { openEventStream } from '../../../lib/event-stream';
import { getSession } from '../../../lib/session';
import { waiterQueries } from '../api/waiter-queries';

/** Tables poll this often only while the live stream is down. */
export const WAITER_FALLBACK_POLL_MS = 30_000;
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

declare global {
  interface Window {
    __balcaoWaiterStream?: { open: boolean; events: number };
  }
}

function reconnectDelay(attempt: number): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}

/** Keeps the waiter's tables live; answers whether the stream is open (then the tables do not poll). */
export function useWaiterLive(localId: string): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!localId || typeof EventSource === 'undefined') return;
    const probe: { open: boolean; events: number } = { open: false, events: 0 };
    window.__balcaoWaiterStream = probe;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let lastEventId: string | undefined;
    let stopped = false;
    let opening = false;
    const reload = () => void qc.invalidateQueries({ queryKey: waiterQueries.tablesKey(localId) });
    const setOpen = (open: boolean) => {
      probe.open = open;
      setLive(open);
    };
    const retryLater = () => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
    };
    const onOrder = (ev: MessageEvent) => {
      if (ev.lastEventId) lastEventId = ev.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (!waiterStreamEvent.safeParse(data).success) return;
      probe.events += 1;
      reload();
    };

    const connect = async () => {
      if (stopped || opening || !getSession()?.token) return;
      opening = true;
      let source: EventSource;
      try {
        source = await openEventStream(localId, lastEventId);
      } catch {
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
      source.addEventListener(KDS_EVENT.ready, (ev) => {
        if ((ev as MessageEvent).lastEventId) lastEventId = (ev as MessageEvent).lastEventId;
        attempt = 0;
        setOpen(true);
        // Whatever changed while the stream was down (or before it opened) is read once now.
        reload();
      });
      source.addEventListener(KDS_EVENT.orderCreated, onOrder as EventListener);
      source.addEventListener(KDS_EVENT.orderChanged, onOrder as EventListener);
      source.addEventListener(KDS_EVENT.reset, reload);
      source.onerror = () => {
        if (stopped || es !== source) return;
        // The ticket is spent: close, fall back to polling, open again with a new ticket.
        source.close();
        es = null;
        setOpen(false);
        retryLater();
      };
    };

    void connect();
    const onOnline = () => {
      if (!es) {
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
      probe.open = false;
      setLive(false);
    };
  }, [localId, qc]);

  return live;
}
