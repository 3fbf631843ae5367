/** Query keys and calls of payment links (api/mepaylink family) and the public pay page; keys start with 'payment-links'. */
import { queryOptions } from '@tanstack/react-query';
import {
  LINK_PATHS,
  linkMessage,
  linkPaymentList,
  linkSaved,
  paymentAnswer,
  paymentLink,
  paymentLinkList,
  productLookup,
  publicLink,
  type BoletoRequest,
  type CardRequest,
  type PaymentLinkSave,
} from '../../../../shared/contract/payment-links';
import { api } from '../../../lib/api-client';

export const linkQueries = {
  all: ['payment-links'] as const,
  list: (localId: string) => queryOptions({ queryKey: ['payment-links', 'list', localId] as const, queryFn: () => api(LINK_PATHS.list(localId), { schema: paymentLinkList }) }),
  detail: (id: string) => queryOptions({ queryKey: ['payment-links', 'detail', id] as const, queryFn: () => api(LINK_PATHS.byId(id), { schema: paymentLink }) }),
  products: (localId: string) =>
    queryOptions({ queryKey: ['payment-links', 'products', localId] as const, queryFn: () => api(LINK_PATHS.products, { query: { localId }, schema: productLookup }), staleTime: 60_000 }),
  publicLink: (id: string) => queryOptions({ queryKey: ['payment-links', 'public', id] as const, queryFn: () => api(LINK_PATHS.publicLink(id), { schema: publicLink }), retry: false }),
  /** Who paid the link; read again on the venue stream's payment events (hooks/use-link-payments-live.ts). */
  payments: (id: string) => queryOptions({ queryKey: ['payment-links', 'payments', id] as const, queryFn: () => api(LINK_PATHS.payments(id), { schema: linkPaymentList }) }),
  payment: (paymentId: string) => queryOptions({ queryKey: ['payment-links', 'payment', paymentId] as const, queryFn: () => api(LINK_PATHS.payment(paymentId), { schema: paymentAnswer }) }),
};

export const saveLink = (body: PaymentLinkSave) => api(body.id ? LINK_PATHS.update : LINK_PATHS.add, { method: body.id ? 'PUT' : 'POST', body, schema: linkSaved });
export const deleteLink = (id: string) => api(LINK_PATHS.remove(id), { method: 'DELETE', schema: linkMessage });
export const payByPix = (id: string, payer: { payerName?: string; payerCpf?: string }) => api(LINK_PATHS.pix(id), { method: 'POST', body: payer, schema: paymentAnswer });
export const payByCard = (id: string, body: CardRequest) => api(LINK_PATHS.card(id), { method: 'POST', body, schema: paymentAnswer });
export const payByBoleto = (id: string, body: BoletoRequest) => api(LINK_PATHS.boleto(id), { method: 'POST', body, schema: paymentAnswer });
/** Confirms a sandbox Pix or boleto. */
export const simulateSandboxPix = (paymentId: string) => api(LINK_PATHS.sandboxPay(paymentId), { method: 'POST', schema: paymentAnswer });
