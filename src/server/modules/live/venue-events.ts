/**
 * Writing venue events other than orders to the venue's event log (see
 * src/shared/contract/venue-events.ts for why they share the board's log and stream), and the
 * per-session filter every stream of GET api/kds/events goes through.
 *
 * An event is inserted in the same transaction as the change it announces and NOTIFYs the board's
 * channel: every API process (this one included) sends it to its streams of that venue once the
 * transaction commits, and a stream that reconnects catches up from the log. The log's `order_id`
 * column holds the event's subject (for a payment-link event, the payment's id).
 */
import { sql } from 'drizzle-orm';
import { VENUE_EVENT, LINK_EVENTS_ROLE, type LinkPaymentEvent } from '../../../shared/contract/venue-events';
import { hasAccess } from '../../../shared/roles';
import { orderEvents } from '../../db/schema/orders';
import type { StreamView } from '../orders/kds-hub';
import { EVENTS_CHANNEL, type Q } from '../orders/orders.repository';

const VENUE_EVENT_TYPES = new Set<string>(Object.values(VENUE_EVENT));

/** A payment of a link was created or changed state: ids and status only. */
export async function publishLinkPayment(q: Q, p: { venueId: string; linkId: string; paymentId: string; status: LinkPaymentEvent['Status'] }): Promise<void> {
  const payload: Omit<LinkPaymentEvent, 'id'> = { type: VENUE_EVENT.linkPayment, LocalClienteId: p.venueId, LinkId: p.linkId, PagamentoId: p.paymentId, Status: p.status };
  const [e] = await q.insert(orderEvents).values({ venueId: p.venueId, type: VENUE_EVENT.linkPayment, orderId: p.paymentId, payload }).returning({ id: orderEvents.id });
  await q.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${`${p.venueId}:${e.id}`})`);
}

/**
 * What one stream may see, from the roles its session holds in the venue (least privilege):
 * order events through `orders` (the board's whole event, the waiter's narrow view, or nothing),
 * payment-link events only with CadastroLink.
 */
export function venueStreamView(roles: string | readonly string[], orders: StreamView | null): StreamView {
  const links = hasAccess(roles, LINK_EVENTS_ROLE);
  return (type, id, payload, whole) => {
    if (type === VENUE_EVENT.linkPayment) return links ? whole : null;
    if (VENUE_EVENT_TYPES.has(type)) return null;
    return orders ? orders(type, id, payload, whole) : null;
  };
}
