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

/**
 * The consumer's request on iFood's negotiation platform (HANDSHAKE_DISPUTE) and where it stands:
 * a full or partial cancellation, a refund or more time, with the counter-proposals iFood allows
 * (`alternatives`). "proposta": we answered with one of them (…/alternatives/{alternativeId}).
 */
export const IFOOD_DISPUTE_STATUS = { open: 'aberta', accepted: 'aceita', rejected: 'recusada', expired: 'expirada', proposed: 'proposta' } as const;
/** An item the customer wants cancelled (metadata.items): its name from the order, quantity, amount. */
export const ifoodDisputeItem = z.object({
  Nome: z.string(),
  Quantidade: z.number(),
  /** metadata.items[].amount, in reais (null when iFood sends none). */
  Valor: z.nullable(z.number()),
  Motivo: z.nullable(z.string()),
});
/** A counter-proposal iFood allows (alternatives[]): REFUND up to metadata.maxAmount, and others. */
export const ifoodDisputeAlternative = z.object({
  Id: z.string(),
  /** REFUND, ADDITIONAL_TIME… */
  Tipo: z.string(),
  /** metadata.maxAmount, in reais. */
  ValorMaximo: z.nullable(z.number()),
});
export const ifoodDispute = z.object({
  Id: z.string(),
  /** CANCELLATION, PARTIAL_CANCELLATION, PROPOSED_AMOUNT_REFUND, PROPOSED_ADDITIONAL_TIME, VOID. */
  Acao: z.string(),
  /** handshakeType: AFTER_DELIVERY, DELAY, PREPARATION_TIME, AFTER_DELIVERY_PARTIALLY. */
  Tipo: z.optional(z.nullable(z.string())),
  /** The customer's words. */
  Mensagem: z.string(),
  /** iFood's deadline to answer. */
  ExpiraEm: z.nullable(z.string()),
  /** What iFood does when nobody answers: ACCEPT_CANCELLATION, REJECT_CANCELLATION, VOID. */
  AoExpirar: z.nullable(z.string()),
  Situacao: z.enum(['aberta', 'aceita', 'recusada', 'expirada', 'proposta']),
  Itens: z.optional(z.array(ifoodDisputeItem)),
  Alternativas: z.optional(z.array(ifoodDisputeAlternative)),
  /** The counter-proposal we sent (Situacao "proposta"). */
  Proposta: z.optional(z.nullable(z.object({ AlternativaId: z.string(), Tipo: z.string(), Valor: z.number() }))),
  /** HANDSHAKE_SETTLEMENT's status when it is none of ACCEPTED / REJECTED (shown as iFood says it). */
  Resultado: z.optional(z.nullable(z.string())),
});
export type IfoodDispute = z.infer<typeof ifoodDispute>;

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

/**
 * POST api/kds/ifoodDisputes/{orderId}/proposta: the board answers with one of iFood's alternatives
 * (a refund of `valor` reais, at most the alternative's maxAmount).
 */
export const ifoodDisputeProposal = z.object({
  alternativaId: z.string().check(z.minLength(1), z.maxLength(100)),
  valor: z.number().check(z.positive(), z.maximum(100_000)),
});
export type IfoodDisputeProposal = z.infer<typeof ifoodDisputeProposal>;
