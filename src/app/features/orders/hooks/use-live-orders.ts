/**
 * The board's live stream (GET api/kds/events, Server-Sent Events) through the one venue stream
 * client (lib/event-stream.ts: single-use ticket, jittered reconnect, resume from the last event
 * id). The server resumes from there and the list is not reloaded: only a `reset` (the log no
 * longer covers the gap) or a stream that never had an id reloads it. Meanwhile the board polls.
 */
import { useEffect, useRef } from 'react';
import { kdsEvent, type KdsEvent } from '../../../../shared/contract/orders';
import { KDS_EVENT } from '../../../../shared/orders';
import { subscribeVenueEvents } from '../../../lib/event-stream';
import { noteContact, setStreamState } from '../api/connection';

const BOARD_EVENTS = [KDS_EVENT.orderCreated, KDS_EVENT.orderChanged, KDS_EVENT.printerStatus] as const;

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
    const stop = subscribeVenueEvents(localId, {
      types: BOARD_EVENTS,
      onEvent: (_type, data) => {
        noteContact();
        if (data === undefined) return;
        const parsed = kdsEvent.safeParse(data);
        if (parsed.success) handlers.current.onEvent(parsed.data);
        else handlers.current.onResync();
      },
      onConnecting: () => setStreamState('connecting'),
      onOpen: ({ gap }) => {
        setStreamState('open');
        // A new stream after a gap resumes from its last event id (the server sends what was
        // missed, or `reset`); without an id there is nothing to resume from: reload.
        if (gap) handlers.current.onResync();
      },
      onReady: () => setStreamState('open'),
      onReset: () => handlers.current.onResync(),
      onDown: () => setStreamState('connecting'),
    });
    return () => {
      stop();
      setStreamState('off');
    };
  }, [localId, enabled]);
}
