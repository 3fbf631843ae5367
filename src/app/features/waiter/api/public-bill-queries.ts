/**
 * The public bill page (issue 41): read without signing in, and a Pix of what remains. The Pix's
 * Idempotency-Key is made when the customer presses "Pagar com Pix" and kept for its retries.
 */
import { queryOptions } from '@tanstack/react-query';
import { BILL_PATHS, PUBLIC_BILL_PATHS, billLinkAnswer, publicBill, publicBillPixAnswer } from '../../../../shared/contract/table-bill';
import { api } from '../../../lib/api-client';

export const publicBillQueries = {
  key: (token: string) => ['waiter', 'public-bill', token] as const,
  bill: (token: string) => queryOptions({ queryKey: publicBillQueries.key(token), queryFn: () => api(PUBLIC_BILL_PATHS.bill(token), { schema: publicBill }), retry: false }),
};

export const postPublicPix = (token: string, key: string) => api(PUBLIC_BILL_PATHS.pix(token), { method: 'POST', body: {}, headers: { 'Idempotency-Key': key }, schema: publicBillPixAnswer });
export const postPublicSandboxPay = (token: string, paymentId: string) => api(PUBLIC_BILL_PATHS.sandboxPay(token, paymentId), { method: 'POST', schema: publicBill });

/** The waiter's phone: the open bill's public link. */
export const postBillLink = (tableId: string, localId: string) => api(BILL_PATHS.link(tableId), { method: 'POST', body: { localId }, schema: billLinkAnswer });
