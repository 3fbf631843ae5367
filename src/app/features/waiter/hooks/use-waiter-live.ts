/**
 * "Pedido pronto" reaches the waiter's phone through the venue's live stream (GET api/kds/events,
 * the waiter's narrower view: table orders only, ids and state) opened by the one stream client
 * (lib/event-stream.ts: single-use ticket, jittered reconnect, resume from the last event id). Any
 * table order's change reloads the tables at once; while the stream is open the tables are not
 * polled at all. Only while it is down (offline, server away) do they poll, slowly
 * (WAITER_FALLBACK_POLL_MS).
 * window.__balcaoWaiterStream tells end-to-end tests whether it is open and how many events came.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { KDS_EVENT } from '../../../../shared/orders';
import { waiterStreamEvent } from '../../../../shared/contract/stream-ticket';
import { subscribeVenueEvents } from '../../../lib/event-stream';
import { waiterQueries } from '../api/waiter-queries';

/** Tables poll this often only while the live stream is down. */
export const WAITER_FALLBACK_POLL_MS = 30_000;

declare global {
  interface Window {
    __balcaoWaiterStream?: { open: boolean; events: number };
  }
}

/** Keeps the waiter's tables live; answers whether the stream is open (then the tables do not poll). */
export function useWaiterLive(localId: string): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!localId || typeof EventSource === 'undefined') return;
    const probe: { open: boolean; events: number } = { open: false, events: 0 };
    window.__balcaoWaiterStream = probe;
    const reload = () => void qc.invalidateQueries({ queryKey: waiterQueries.tablesKey(localId) });
    const setOpen = (open: boolean) => {
      probe.open = open;
      setLive(open);
    };
    const stop = subscribeVenueEvents(localId, {
      types: [KDS_EVENT.orderCreated, KDS_EVENT.orderChanged],
      onEvent: (_type, data) => {
        if (!waiterStreamEvent.safeParse(data).success) return;
        probe.events += 1;
        reload();
      },
      onReady: () => {
        setOpen(true);
        // Whatever changed while the stream was down (or before it opened) is read once now.
        reload();
      },
      onReset: reload,
      // Falls back to polling until the stream is open again.
      onDown: () => setOpen(false),
    });
    return () => {
      stop();
      probe.open = false;
      setLive(false);
    };
  }, [localId, qc]);

  return live;
}
