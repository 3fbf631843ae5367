/** The bill's couvert and discounts (issue 41, billmath). A discount carries an Idempotency-Key made when the dialog was confirmed. */
import { BILL_PATHS, billDiscountAnswer, tableBill, type BillDiscountRequest } from '../../../../shared/contract/table-bill';
import { api } from '../../../lib/api-client';

export function postCouvert(tableId: string, localId: string, people: number) {
  return api(BILL_PATHS.couvert(tableId), { method: 'POST', body: { localId, Pessoas: people }, schema: tableBill });
}

export function postDiscount(tableId: string, body: BillDiscountRequest, key: string) {
  return api(BILL_PATHS.discounts(tableId), { method: 'POST', body, headers: { 'Idempotency-Key': key }, schema: billDiscountAnswer });
}
