/**
 * Payment links (spec 000 §3 Payment link, §7 Payment links). The back-office screens use the
 * api/mepaylink family (docs/decisions/customers.md, "Customers and payment links"); the public pay page uses our own
 * api/mepaylink/public/... calls, which need no sign-in.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { dateField } from './date-field';
import { digits } from '../customers';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { cardExpiryValid, LINK_DESCRIPTION_MAX, LINK_INSTALLMENTS_MAX, LINK_MSG, LINK_PRICE_MAX, luhnValid } from '../payment-links';

export const LINK_PATHS = {
  list: (localId: string) => `api/mepaylink/GetLinksByLocalId/${localId}`,
  byId: (id: string) => `api/mepaylink/GetLinkById/${id}`,
  add: 'api/mepaylink/Add',
  update: 'api/mepaylink/Update',
  remove: (id: string) => `api/mepaylink/Delete/${id}`,
  /** ours: who paid a link, when and how (newest first). */
  payments: (id: string) => `api/mepaylink/GetPaymentsByLinkId/${id}`,
  products: 'api/Produto/BuscarProdutosDoLocalParaFiltro',
  publicLink: (id: string) => `api/mepaylink/public/${id}`,
  pix: (id: string) => `api/mepaylink/public/${id}/pix`,
  card: (id: string) => `api/mepaylink/public/${id}/card`,
  boleto: (id: string) => `api/mepaylink/public/${id}/boleto`,
  payment: (paymentId: string) => `api/mepaylink/public/payment/${paymentId}`,
  sandboxPay: (paymentId: string) => `api/mepaylink/public/payment/${paymentId}/sandbox-pay`,
} as const;

export const linkProduct = z.object({ id: z.string(), nome: z.string(), valor: z.number() });
export const productLookup = z.array(linkProduct);

export const paymentLink = z.object({
  id: z.string(),
  price: z.number(),
  description: z.string(),
  maximumInstallments: z.number(),
  /** ISO instant, or null: "indefinido". */
  expirationDate: z.nullable(z.string()),
  allowPaymentSlip: z.boolean(),
  authenticated: z.boolean(),
  productId: z.nullable(z.string()),
  localId: z.string(),
  product: z.nullable(linkProduct),
  // Ours.
  singleUse: z.boolean(),
  state: z.enum(['open', 'expired', 'deleted', 'used']),
  paymentsCount: z.number(),
  totalCollected: z.number(),
});
export type PaymentLink = z.infer<typeof paymentLink>;
export const paymentLinkList = z.array(paymentLink);

/** Add and Update (id present). */
export const paymentLinkSave = z
  .object({
    id: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
    localId: z.string().check(z.maxLength(40)),
    price: z.number(LINK_MSG.priceRequired).check(z.gt(0, LINK_MSG.priceRequired), z.gte(0.01, LINK_MSG.priceMin), z.lte(LINK_PRICE_MAX, LINK_MSG.priceMax)),
    description: z.optional(z.nullable(z.string().check(z.maxLength(LINK_DESCRIPTION_MAX, LINK_MSG.descriptionMax)))),
    maximumInstallments: z.optional(z.nullable(z.number().check(z.int(LINK_MSG.installmentsRange), z.gte(0, LINK_MSG.installmentsRange), z.lte(LINK_INSTALLMENTS_MAX, LINK_MSG.installmentsRange)))),
    expirationDate: z.optional(z.nullable(dateField({ format: 'iso-date-time', message: LINK_MSG.expirationInvalid, blank: true }))),
    allowPaymentSlip: z.optional(z.boolean()),
    authenticated: z.optional(z.boolean()),
    productId: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
    singleUse: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      // The field's own check (1900–2100, a real date) answers anything that is not a date.
      if (!v.expirationDate?.trim()) return;
      const t = Date.parse(v.expirationDate);
      if (!Number.isNaN(t) && t < Date.now()) ctx.addIssue({ code: 'custom', message: LINK_MSG.expirationPast, path: ['expirationDate'], input: v });
    }),
  );
export type PaymentLinkSave = z.input<typeof paymentLinkSave>;

export { messageAnswer as linkMessage } from './common';
export const linkSaved = z.object({ Message: z.string(), link: paymentLink });

/** What the public pay page shows (no sign-in). */
export const publicLink = z.object({
  id: z.string(),
  venueName: z.string(),
  productName: z.nullable(z.string()),
  price: z.number(),
  description: z.string(),
  expirationDate: z.nullable(z.string()),
  maximumInstallments: z.number(),
  allowPaymentSlip: z.boolean(),
  authenticated: z.boolean(),
  state: z.enum(['open', 'expired', 'deleted', 'used']),
  /** Message for a link that no longer takes payments. */
  stateMessage: z.nullable(z.string()),
  /** Who processes the payments; null when no provider is configured (production without one). */
  acquirer: z.nullable(z.object({ name: z.string(), sandbox: z.boolean() })),
  /** The methods this page can take now (Pix through API Pix; card and boleto through the card acquirer). */
  methods: z.array(z.enum(['pix', 'card', 'boleto'])),
});
export type PublicLink = z.infer<typeof publicLink>;

const payer = {
  payerName: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  payerCpf: z.optional(z.nullable(z.string().check(z.maxLength(20), z.refine((s) => s === '' || isValidCpf(digits(s)), 'Preencha com um CPF válido')))),
};
export const pixRequest = z.object({ ...payer });
/** A boleto needs its payer (a registered boleto names the pagador): name and CPF. */
export const boletoRequest = z.object({
  payerName: z.string(LINK_MSG.boletoPayerName).check(z.trim(), z.minLength(2, LINK_MSG.boletoPayerName), z.maxLength(200)),
  payerCpf: z.string(LINK_MSG.boletoPayerCpf).check(z.maxLength(20), z.refine((s) => isValidCpf(digits(s)), LINK_MSG.boletoPayerCpf)),
});
export type BoletoRequest = z.input<typeof boletoRequest>;
export const cardRequest = z.object({
  ...payer,
  holderName: z.string(LINK_MSG.holderRequired).check(z.trim(), z.minLength(2, LINK_MSG.holderRequired), z.maxLength(100)),
  number: z.pipe(z.string(LINK_MSG.cardInvalid), z.transform((s) => digits(s))).check(z.refine(luhnValid, LINK_MSG.cardInvalid)),
  expiry: z.string(LINK_MSG.cardExpiryInvalid).check(z.refine((s) => cardExpiryValid(s), LINK_MSG.cardExpiryInvalid)),
  cvv: z.string(LINK_MSG.cvvInvalid).check(z.regex(/^\d{3,4}$/, LINK_MSG.cvvInvalid)),
  installments: z.optional(z.number().check(z.int(), z.gte(1), z.lte(LINK_INSTALLMENTS_MAX))),
});
export type CardRequest = z.input<typeof cardRequest>;

/** A payment's method, state, amount in reais and installments, as both the payer and the manager read them. */
const paymentFields = () => ({
  method: z.enum(['pix', 'card', 'boleto']),
  status: z.enum(['pending', 'paid', 'declined']),
  amount: z.number(),
  installments: z.number(),
});

export const paymentAnswer = z.object({
  paymentId: z.string(),
  linkId: z.string(),
  ...paymentFields(),
  /** Pix "copia e cola" (BR Code), when the method is Pix. */
  brCode: z.nullable(z.string()),
  /** Boleto: the 47-digit linha digitável (digits only) and its due day (YYYY-MM-DD). */
  boletoLine: z.nullable(z.string()),
  boletoDueDate: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  venueName: z.string(),
  productName: z.nullable(z.string()),
  sandbox: z.boolean(),
  /** Ours (issue 36): the provider's answer is not known yet ("Pagamento em verificação"); the page keeps asking. */
  checking: z.optional(z.boolean()),
  Message: z.nullable(z.string()),
});
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** One payment of a link as the manager sees it: the payer's CPF hidden but its middle digits. */
export const linkPayment = z.object({
  id: z.string(),
  ...paymentFields(),
  cardLast4: z.nullable(z.string()),
  payerName: z.nullable(z.string()),
  payerCpf: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type LinkPayment = z.infer<typeof linkPayment>;
export const linkPaymentList = z.array(linkPayment);

/** 428 on a card attempt while a link or event is under a distributed card-testing attack: the page solves it and retries. */
export const challengeBody = z.object({
  Message: z.string(),
  challenge: z.object({ token: z.string(), bits: z.number(), header: z.string() }),
});

export const idParams = z.object({ id: z.string().check(z.maxLength(40)) });
export const localIdParams = z.object({ localId: z.string() });
export const paymentIdParams = z.object({ paymentId: z.string().check(z.maxLength(40)) });
export const productLookupQuery = z.object({ localId: z.string() });
