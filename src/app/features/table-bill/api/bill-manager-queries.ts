/** Query keys and calls of the manager's tables-and-bills screen (issue 41); keys start with 'table-bill'. */
import { queryOptions } from '@tanstack/react-query';
import { preBillAnswer, type PreBillAnswer } from '../../../../shared/contract/table-bill';
import { BILL_MANAGER_PATHS, billList, type BillReprintRequest } from '../../../../shared/contract/table-bill-manager';
import { PRINTER_TIMEOUT_MS } from '../../../../shared/orders';
import type { BillListStatus } from '../../../../shared/table-bill-manager';
import { api } from '../../../lib/api-client';

/** Open tables change while the manager looks: re-read them this often. */
export const OPEN_TABLES_REFRESH_MS = 15_000;

export const billManagerQueries = {
  all: ['table-bill', 'manager'] as const,
  list: (localId: string, status: BillListStatus, data: string | undefined) =>
    queryOptions({
      queryKey: ['table-bill', 'manager', localId, status, data ?? ''] as const,
      queryFn: () => api(BILL_MANAGER_PATHS.list, { query: { localId, status, data }, schema: billList }),
      refetchInterval: status === 'aberta' ? OPEN_TABLES_REFRESH_MS : false,
    }),
};

export const reprintBill = (billId: string, body: BillReprintRequest) => api(BILL_MANAGER_PATHS.reprint(billId), { method: 'POST', body, schema: preBillAnswer });

/**
 * A printer on the venue's local print server: the job goes from this browser, which sits on the
 * venue's network (spec 000 §7: POST {EnderecoServidorLocal}/api/printer, ok on 200/201), as the
 * waiter's pré-conta and the board do; the server never calls that address. False when it did not take it.
 */
export async function sendToLocalPrintServer(a: PreBillAnswer, timeoutMs = PRINTER_TIMEOUT_MS): Promise<boolean> {
  if (!a.Trabalho || !a.EnderecoServidorLocal) return true;
  try {
    const res = await fetch(`${a.EnderecoServidorLocal.replace(/\/+$/, '')}/api/printer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(a.Trabalho),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
    });
    return res.status === 200 || res.status === 201;
  } catch {
    return false;
  }
}
