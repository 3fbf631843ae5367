/**
 * Venue events beyond the board's orders (issue 28: "list each payment on the link, live").
 *
 * Decision: there is one live stream per venue, not one per screen. Payment-link events are new
 * types on the board's event log and hub (order_events + LISTEN/NOTIFY + GET api/kds/events), so
 * they fan out across API processes and catch up after a reconnect exactly like orders, on
 * PostgreSQL and on PGlite. Each stream filters by the roles of the session that asked for its
 * ticket: payment-link events go only to sessions holding CadastroLink (a kitchen tablet's stream
 * never carries them), order events only to Painel (whole) or Garcom (the waiter's narrow view).
 * An event carries ids and a status only, never a payer's name, CPF or card: the screen reads the
 * payments through the ordinary, role-checked list call when an event arrives.
 */
import { z } from 'zod/mini';

export const VENUE_EVENT = {
  /** A payment of a payment link was created or changed state (Pix waiting, paid, card declined…). */
  linkPayment: 'paymentLink.payment',
} as const;
export type VenueEventType = (typeof VENUE_EVENT)[keyof typeof VENUE_EVENT];

/** Role whose holders receive payment-link events (the payment links' own role, spec 000 §6). */
export const LINK_EVENTS_ROLE = 'CadastroLink';

/** `data:` of a payment-link event: ids and status only (no personal data). */
export const linkPaymentEvent = z.object({
  id: z.string(),
  type: z.literal(VENUE_EVENT.linkPayment),
  LocalClienteId: z.string(),
  LinkId: z.string(),
  PagamentoId: z.string(),
  Status: z.enum(['pending', 'paid', 'declined']),
});
export type LinkPaymentEvent = z.infer<typeof linkPaymentEvent>;
