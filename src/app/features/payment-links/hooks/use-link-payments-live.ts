/**
 * Payments of the venue's links, live (issue 28): the venue's event stream (lib/event-stream.ts)
 * carries a `paymentLink.payment` event (ids and status only) to sessions with CadastroLink when a
 * payment is created or changes state; the page then reads that link's payments and the cards'
 * counts again through the ordinary list calls. While the stream is open nothing is polled; only
 * while it is down does an open payments panel poll, slowly (LINK_PAYMENTS_FALLBACK_MS).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { linkPaymentEvent, VENUE_EVENT } from '../../../../shared/contract/venue-events';
import { subscribeVenueEvents } from '../../../lib/event-stream';
import { linkQueries } from '../api/payment-link-queries';

/** Keeps the links' payments live; answers whether the stream is open (then nothing polls). */
export function useLinkPaymentsLive(localId: string): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!localId) return;
    const reloadAll = () => void qc.invalidateQueries({ queryKey: linkQueries.all });
    const stop = subscribeVenueEvents(localId, {
      types: [VENUE_EVENT.linkPayment],
      onEvent: (_type, data) => {
        const e = linkPaymentEvent.safeParse(data);
        if (!e.success) return;
        void qc.invalidateQueries({ queryKey: linkQueries.payments(e.data.LinkId).queryKey });
        void qc.invalidateQueries({ queryKey: linkQueries.list(localId).queryKey });
      },
      onReady: () => {
        setLive(true);
        // What was paid while the stream was down (or before it opened) is read once now.
        reloadAll();
      },
      onReset: reloadAll,
      onDown: () => setLive(false),
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [localId, qc]);

  return live;
}
