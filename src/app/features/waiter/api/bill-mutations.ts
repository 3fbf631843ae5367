/**
 * The bill's writes (issue 41). Every payment carries an Idempotency-Key made when the waiter
 * started it and kept for its retries, so a lost answer retried never pays twice.
 */
import { BILL_PATHS, billCloseAnswer, billPaymentAnswer, tableBill, type BillPaymentRequest } from '../../../../shared/contract/table-bill';
import { itemSplitRequest, type ItemSplitRequest } from '../../../../shared/contract/table-bill-split';
import { api } from '../../../lib/api-client';

export const newPaymentKey = (): string => crypto.randomUUID();

export function postPayment(tableId: string, body: BillPaymentRequest, key: string) {
  return api(BILL_PATHS.payments(tableId), { method: 'POST', body, headers: { 'Idempotency-Key': key }, schema: billPaymentAnswer });
}

export function postService(tableId: string, localId: string, remove: boolean) {
  return api(BILL_PATHS.service(tableId), { method: 'POST', body: { localId, Remover: remove }, schema: tableBill });
}

export function postClose(tableId: string, localId: string, key: string) {
  return api(BILL_PATHS.close(tableId), { method: 'POST', body: { localId }, headers: { 'Idempotency-Key': key }, schema: billCloseAnswer });
}

/** The sandbox PSP pays the Pix (only when the bill says Pix is the sandbox). */
export function postSandboxPay(tableId: string, paymentId: string, localId: string) {
  return api(BILL_PATHS.sandboxPay(tableId, paymentId), { method: 'POST', query: { localId }, schema: tableBill });
}

/** The split by items (null: undo it); validated with the server's schema first. */
export function postItemSplit(tableId: string, body: ItemSplitRequest) {
  return api(BILL_PATHS.itemSplit(tableId), { method: 'POST', body: itemSplitRequest.parse(body), schema: tableBill });
}
