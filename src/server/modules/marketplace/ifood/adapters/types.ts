/**
 * iFood Merchant API v1.0 shapes we read and send (developer.ifood.com.br: Authentication,
 * Events, Order, Merchant). Answers are parsed leniently: unknown fields pass, missing optional
 * ones default, so a new field at iFood never stops an order from landing.
 */
import { z } from 'zod';

/** POST /authentication/v1.0/oauth/token (form: grantType, clientId, clientSecret). */
export const tokenResponse = z.object({
  accessToken: z.string().min(1),
  type: z.string().optional(),
  /** Seconds. */
  expiresIn: z.number().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** One event of GET /events/v1.0/events:polling (200 with a list, 204 when none). */
export const ifoodEvent = z.object({
  id: z.string().min(1),
  code: z.string(),
  fullCode: z.string().optional().default(''),
  orderId: z.string().optional(),
  merchantId: z.string().optional(),
  createdAt: z.string(),
  salesChannel: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type IfoodEvent = z.infer<typeof ifoodEvent>;
export const ifoodEvents = z.array(ifoodEvent);

/**
 * Event codes we act on (the rest are stored, acknowledged and marked handled).
 * Source (checked 2026-11-27): developer.ifood.com.br/en-US/docs/guides/modules/order/events, table
 * "Name | Code": PLACED = PLC, CONFIRMED = CFM, SEPARATION_STARTED = SPS, SEPARATION_ENDED = SPE
 * (market orders), READY_TO_PICKUP = RTP; its event examples show DISPATCHED and CANCELLED as
 * `fullCode`. The short codes for DISPATCHED (DSP), CANCELLED (CAN) and PREPARATION_STARTED (PRS)
 * were past the part of that table we could read, so the integration matches the `fullCode` too
 * (ifood-integration.ts: `code === PLC || fullCode === 'PLACED'`, same for CANCELLED): either
 * spelling lands the order.
 */
export const IFOOD_EVENT = { placed: 'PLC', confirmed: 'CFM', cancelled: 'CAN', cancellationRequestFailed: 'CARF', dispute: 'HSD', settlement: 'HSS' } as const;

/**
 * The asynchronous answers to our actions and the consumer's cancellation request (checked 2026-11-29):
 * - CANCELLATION_REQUEST_FAILED (CARF): our requestCancellation was refused; the order stays live at
 *   iFood (developer.ifood.com.br …/modules/order/events, group CANCELLATION_REQUEST).
 * - HANDSHAKE_DISPUTE (HSD) / HANDSHAKE_SETTLEMENT (HSS): the "Plataforma de Negociação", iFood's current
 *   name for the consumer's cancellation request (…/modules/order/handshake-platform and its guide):
 *   metadata { disputeId, action (CANCELLATION, PARTIAL_CANCELLATION…), handshakeType, message,
 *   expiresAt, timeoutAction (ACCEPT_CANCELLATION | REJECT_CANCELLATION | VOID), alternatives };
 *   answered with POST /order/v1.0/disputes/{disputeId}/accept | /reject before expiresAt; HSS
 *   metadata { disputeId, status } settles it (ACCEPTED, REJECTED, EXPIRED…).
 */
/**
 * iFood's Amount on the negotiation platform: `{ value: "800", currency: "BRL" }` (the guide's
 * example, alternatives[].metadata.maxAmount). Read as cents (decisions/marketplace.md: "800" is
 * R$ 8,00); a value that is not a number is dropped.
 */
export const ifoodHandshakeAmount = z.looseObject({ value: z.union([z.string(), z.number()]), currency: z.string().nullish() });
export const centsToReais = (a: { value: string | number } | null | undefined): number | null => {
  const n = a ? Number(a.value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n) / 100 : null;
};
/** An item of a partial cancellation (metadata.items; the entity table spells it metadata.item). */
export const ifoodDisputeItem = z.looseObject({
  id: z.string().nullish(),
  uniqueId: z.string().nullish(),
  externalCode: z.string().nullish(),
  index: z.coerce.number().nullish().catch(null),
  quantity: z.coerce.number().nullish().catch(null),
  amount: ifoodHandshakeAmount.nullish().catch(null),
  reason: z.string().nullish().catch(null),
});
/** DisputeAlternative: { id, type (REFUND…), metadata: { maxAmount } }. */
export const ifoodDisputeAlternative = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  metadata: z.looseObject({ maxAmount: ifoodHandshakeAmount.nullish().catch(null) }).nullish().catch(null),
});
export const ifoodDisputeMetadata = z.looseObject({
  disputeId: z.string().min(1),
  action: z.string().nullish(),
  handshakeType: z.string().nullish(),
  message: z.string().nullish(),
  expiresAt: z.string().nullish(),
  timeoutAction: z.string().nullish(),
  alternatives: z.array(z.unknown()).nullish().catch(null),
  metadata: z.looseObject({ items: z.array(z.unknown()).nullish().catch(null), item: z.array(z.unknown()).nullish().catch(null) }).nullish().catch(null),
});
export type IfoodDisputeMetadata = z.infer<typeof ifoodDisputeMetadata>;
export const ifoodSettlementMetadata = z.looseObject({ disputeId: z.string().nullish(), status: z.string().nullish() });

/**
 * The body of POST /order/v1.0/disputes/{disputeId}/alternatives/{alternativeId} for a REFUND:
 * `{ type, metadata: { amount: { value, currency } } }`: the alternative's type and the Amount shape
 * iFood publishes for maxAmount. iFood's reference page for this body is not in the copies we could
 * read; the shape is the one public clients of this endpoint send (docs/integrations/ifood-homologation.md, G1).
 */
export interface IfoodAlternativeRequest {
  type: string;
  metadata: { amount: { value: string; currency: 'BRL' } };
}

const num = z.coerce.number().catch(0);
const str = z.string().nullish().transform((v) => v ?? '');

export const ifoodOption = z.object({
  name: z.string(),
  groupName: z.string().nullish(),
  quantity: num,
  unitPrice: num.optional(),
  addition: num.optional(),
  price: num.optional(),
});
export const ifoodItem = z.object({
  /** id, uniqueId, index: what a partial cancellation's items point at (negotiation platform). */
  id: z.string().nullish(),
  uniqueId: z.string().nullish(),
  index: z.coerce.number().nullish().catch(null),
  name: z.string(),
  quantity: num,
  unitPrice: num,
  optionsPrice: num.optional(),
  totalPrice: num.optional(),
  price: num.optional(),
  observations: z.string().nullish(),
  externalCode: z.string().nullish(),
  options: z.array(ifoodOption).nullish(),
});
export const ifoodAddress = z.object({
  streetName: str,
  streetNumber: str,
  formattedAddress: str,
  neighborhood: str,
  complement: str,
  reference: str,
  postalCode: str,
  city: str,
  state: str,
  country: str,
});
export const ifoodPaymentMethod = z.object({
  value: num,
  currency: z.string().nullish(),
  /** CREDIT, DEBIT, MEAL_VOUCHER, FOOD_VOUCHER, GIFT_CARD, DIGITAL_WALLET, PIX, CASH... */
  method: z.string(),
  /** ONLINE (paid in the app) or OFFLINE (paid on delivery). */
  type: z.string(),
  cash: z.object({ changeFor: num }).nullish(),
  card: z.object({ brand: z.string().nullish() }).nullish(),
});

/**
 * benefits[] of the order details: a discount's `value`, its `target` (CART, DELIVERY_FEE, ITEM…) and
 * who pays it, `sponsorshipValues: [{ name: IFOOD | MERCHANT | EXTERNAL | CHAIN, value, description }]`.
 */
export const ifoodBenefit = z.object({
  value: num,
  target: z.string().nullish(),
  sponsorshipValues: z.array(z.object({ name: z.string(), value: num, description: z.string().nullish() })).nullish(),
});

/** GET /order/v1.0/orders/{id} (the fields we map). */
export const ifoodOrder = z.object({
  id: z.string(),
  displayId: z.string(),
  /** DELIVERY, TAKEOUT, DINE_IN. */
  orderType: z.string(),
  orderTiming: z.string().nullish(),
  createdAt: z.string(),
  /** When the kitchen should start (iFood's own estimate; scheduled orders: well after createdAt). */
  preparationStartDateTime: z.string().nullish(),
  /** SCHEDULED orders: the window the customer chose. */
  schedule: z.object({ deliveryDateTimeStart: z.string().nullish(), deliveryDateTimeEnd: z.string().nullish() }).nullish(),
  benefits: z.array(ifoodBenefit).nullish(),
  isTest: z.boolean().nullish(),
  extraInfo: z.string().nullish(),
  merchant: z.object({ id: z.string(), name: z.string().nullish() }),
  customer: z.object({
    id: z.string().nullish(),
    name: z.string(),
    documentNumber: z.string().nullish(),
    phone: z.object({ number: z.string().nullish(), localizer: z.string().nullish() }).nullish(),
  }),
  items: z.array(ifoodItem),
  total: z.object({ subTotal: num, deliveryFee: num, benefits: num.optional(), additionalFees: num.optional(), orderAmount: num }),
  payments: z.object({ prepaid: num, pending: num, methods: z.array(ifoodPaymentMethod) }).nullish(),
  delivery: z
    .object({
      /** DEFAULT, ECONOMIC, EXPRESS. */
      mode: z.string().nullish(),
      /** IFOOD or MERCHANT. */
      deliveredBy: z.string().nullish(),
      deliveryDateTime: z.string().nullish(),
      observations: z.string().nullish(),
      pickupCode: z.string().nullish(),
      deliveryAddress: ifoodAddress.nullish(),
    })
    .nullish(),
  takeout: z.object({ mode: z.string().nullish(), takeoutDateTime: z.string().nullish() }).nullish(),
});
export type IfoodOrder = z.infer<typeof ifoodOrder>;
export type IfoodOrderInput = z.input<typeof ifoodOrder>;

/**
 * GET /order/v1.0/orders/{id}/cancellationReasons. iFood's reference names the code `cancelCodeId`;
 * the docs we could search (2026-11-27) did not show this answer's body, so a reason spelled
 * `cancellationCode` (the request's name for it, below) or `code` is read too. A reason without any
 * code is dropped rather than offered with nothing to send.
 */
export const ifoodCancellationReasons = z.array(
  z
    .looseObject({ cancelCodeId: z.coerce.string().optional(), cancellationCode: z.coerce.string().optional(), code: z.coerce.string().optional(), description: z.string() })
    .transform((r) => ({ cancelCodeId: r.cancelCodeId ?? r.cancellationCode ?? r.code ?? '', description: r.description })),
).transform((list) => list.filter((r) => r.cancelCodeId));
export type IfoodCancellationReason = z.infer<typeof ifoodCancellationReasons>[number];

/**
 * POST /order/v1.0/orders/{id}/requestCancellation: `{ reason, cancellationCode }`, the code being one
 * of the order's cancellationReasons. Unconfirmed in the docs we could search (2026-11-27; iFood's
 * "Order" module reference is the source to check); other marketplaces on the same model (Open
 * Delivery's requestCancellation, developers.myhubdelivery.io) send `{ reason, code, mode }`.
 */
export interface IfoodCancellationRequest {
  reason: string;
  cancellationCode: string;
}

const statusMessage = z.object({ title: str, subtitle: str, description: str, priority: z.number().nullish() }).partial();
/** GET /merchant/v1.0/merchants/{id}/status: one entry per operation (DELIVERY, TAKEOUT...). */
export const ifoodMerchantStatus = z.array(
  z.object({
    operation: z.string().nullish(),
    salesChannel: z.string().nullish(),
    available: z.boolean(),
    /** OK, WARNING, CLOSED, ERROR. */
    state: z.string(),
    message: statusMessage.nullish(),
    validations: z
      .array(z.object({ id: z.string().nullish(), code: z.string().nullish(), state: z.string(), message: statusMessage.nullish() }))
      .nullish(),
  }),
);
export type IfoodMerchantStatus = z.infer<typeof ifoodMerchantStatus>;

/**
 * Merchant interruptions (a pause of the store): `POST /merchant/v1.0/merchants/{id}/interruptions`
 * with `{ description, start, end }` (extended ISO 8601, store local time; at most 7 days),
 * `GET …/interruptions` lists them, `DELETE …/interruptions/{interruptionId}` ends one. Sources
 * (2026-11-27): developer.ifood.com.br …/modules/merchant/best-practices-troubleshooting (use
 * interruptions for pauses of minutes/hours, max 7 days, remove them once over) and …/merchant/workflow
 * (a store with an active interruption is not open: validation `unavailabilities`).
 */
export const ifoodInterruption = z.looseObject({ id: z.string().min(1), description: z.string().nullish(), start: z.string(), end: z.string() });
export type IfoodInterruption = z.infer<typeof ifoodInterruption>;
export const ifoodInterruptions = z.array(ifoodInterruption);
export interface IfoodInterruptionRequest {
  description: string;
  start: string;
  end: string;
}

/** The order actions a board command sends (POST /order/v1.0/orders/{id}/{action}). */
export type IfoodAction = 'confirm' | 'startPreparation' | 'readyToPickup' | 'dispatch' | 'requestCancellation';
export const IFOOD_ACTIONS: readonly IfoodAction[] = ['confirm', 'startPreparation', 'readyToPickup', 'dispatch', 'requestCancellation'];
