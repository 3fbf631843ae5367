/**
 * What an iFood order carries onto the board beyond our own order fields (ours; iFood's order
 * module homologation): iFood's displayId, scheduling, when to start preparing, the takeout time,
 * card brands, each discount with who pays it, the consumer's cancellation request (iFood's
 * "negociação", HANDSHAKE_DISPUTE) and a refused cancellation of ours (CANCELLATION_REQUEST_FAILED).
 * Dates are ISO 8601; money in reais.
 */
import { z } from 'zod/mini';

export const IFOOD_SPONSOR = { ifood: 'IFOOD', merchant: 'MERCHANT' } as const;

export const ifoodDiscount = z.object({
  /** The benefit's value. */
  Valor: z.number(),
  /** CART, DELIVERY_FEE, ITEM… */
  Alvo: z.nullable(z.string()),
  /** benefits[].sponsorshipValues: IFOOD, MERCHANT, EXTERNAL, CHAIN… with their shares. */
  Patrocinio: z.array(z.object({ Nome: z.string(), Valor: z.number() })),
});

/** The consumer's cancellation request (HANDSHAKE_DISPUTE) and where it stands. */
export const IFOOD_DISPUTE_STATUS = { open: 'aberta', accepted: 'aceita', rejected: 'recusada', expired: 'expirada' } as const;
export const ifoodDispute = z.object({
  Id: z.string(),
  /** CANCELLATION, PARTIAL_CANCELLATION… */
  Acao: z.string(),
  /** The customer's words. */
  Mensagem: z.string(),
  /** iFood's deadline to answer. */
  ExpiraEm: z.nullable(z.string()),
  /** What iFood does when nobody answers: ACCEPT_CANCELLATION, REJECT_CANCELLATION, VOID. */
  AoExpirar: z.nullable(z.string()),
  Situacao: z.enum(['aberta', 'aceita', 'recusada', 'expirada']),
});

export const ifoodTicket = z.object({
  /** iFood's displayId ("deve ser exibido na interface"): "iFood 7421". */
  DisplayId: z.string(),
  /** DELIVERY, TAKEOUT, DINE_IN. */
  Tipo: z.string(),
  Agendado: z.boolean(),
  /** schedule.deliveryDateTimeStart / End (SCHEDULED orders). */
  AgendadoInicio: z.nullable(z.string()),
  AgendadoFim: z.nullable(z.string()),
  /** preparationStartDateTime: when the kitchen should start. */
  InicioPreparo: z.nullable(z.string()),
  /** takeout.takeoutDateTime. */
  RetiradaEm: z.nullable(z.string()),
  /** Card brands of the payments (VISA, MASTERCARD…). */
  Bandeiras: z.array(z.string()),
  Descontos: z.array(ifoodDiscount),
  Negociacao: z.nullable(ifoodDispute),
  /** iFood refused our cancellation (CANCELLATION_REQUEST_FAILED): its reason. */
  FalhaCancelamento: z.nullable(z.string()),
});
export type IfoodTicket = z.infer<typeof ifoodTicket>;
export type IfoodDiscount = z.infer<typeof ifoodDiscount>;

/** POST api/kds/ifoodDisputes/{orderId}: the board answers the consumer's cancellation request. */
export const IFOOD_DISPUTE_REASON_MAX = 250;
export const ifoodDisputeAnswer = z.object({
  aceitar: z.boolean(),
  /** Required to refuse (iFood's reject body `reason`). */
  motivo: z.optional(z.string().check(z.maxLength(IFOOD_DISPUTE_REASON_MAX))),
});
export type IfoodDisputeAnswer = z.infer<typeof ifoodDisputeAnswer>;
