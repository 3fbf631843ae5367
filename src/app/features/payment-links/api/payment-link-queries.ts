/** Query keys and calls of payment links (api/mepaylink family) and the public pay page; keys start with 'payment-links'. */
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
import { api, ApiError } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';
import { solveChallenge } from '../../../../shared/public-payments';

export const linkQueries = queryArea('payment-links', (get) => ({
  list: (localId: string) => get(['list', localId], LINK_PATHS.list(localId), paymentLinkList),
  detail: (id: string) => get(['detail', id], LINK_PATHS.byId(id), paymentLink),
  products: (localId: string) =>
    ({ ...get(['products', localId], LINK_PATHS.products, productLookup, { query: { localId } }), staleTime: 60_000 }),
  publicLink: (id: string) => ({ ...get(['public', id], LINK_PATHS.publicLink(id), publicLink), retry: false }),
  /** Who paid the link; read again on the venue stream's payment events (hooks/use-link-payments-live.ts). */
  payments: (id: string) => get(['payments', id], LINK_PATHS.payments(id), linkPaymentList),
  payment: (paymentId: string) => get(['payment', paymentId], LINK_PATHS.payment(paymentId), paymentAnswer),
}));

export const saveLink = (body: PaymentLinkSave) => api(body.id ? LINK_PATHS.update : LINK_PATHS.add, { method: body.id ? 'PUT' : 'POST', body, schema: linkSaved });
export const deleteLink = (id: string) => api(LINK_PATHS.remove(id), { method: 'DELETE', schema: linkMessage });
/**
 * One payment attempt (issue 36): its Idempotency-Key is made once per press of the pay button and
 * reused when the same attempt is sent again (a lost answer, a proof of work asked for), so the
 * server charges it at most once. A 428 (a link under a card-testing attack) is solved here (proof of
 * work, about a second) and sent again with the same key.
 */
async function payOnce(path: string, body: unknown, key: string, onChallenge?: () => void) {
  const headers: Record<string, string> = { 'idempotency-key': key };
  for (let round = 0; ; round++) {
    try {
      return await api(path, { method: 'POST', body, schema: paymentAnswer, headers });
    } catch (err) {
      const challenge = err instanceof ApiError && err.status === 428 ? (err.body as { challenge?: { token: string; bits: number; header: string } } | null)?.challenge : undefined;
      if (!challenge || round >= 2) throw err;
      onChallenge?.();
      headers[challenge.header] = await solveChallenge(challenge);
    }
  }
}
export const payByPix = (id: string, payer: { payerName?: string; payerCpf?: string }, key: string) => payOnce(LINK_PATHS.pix(id), payer, key);
export const payByCard = (id: string, body: CardRequest, key: string, onChallenge?: () => void) => payOnce(LINK_PATHS.card(id), body, key, onChallenge);
export const payByBoleto = (id: string, body: BoletoRequest, key: string) => payOnce(LINK_PATHS.boleto(id), body, key);
/** Confirms a sandbox Pix or boleto. */
export const simulateSandboxPix = (paymentId: string) => api(LINK_PATHS.sandboxPay(paymentId), { method: 'POST', schema: paymentAnswer });
