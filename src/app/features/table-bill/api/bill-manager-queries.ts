/** Query keys and calls of the manager's tables-and-bills screen (issue 41); keys start with 'table-bill'. */
import { preBillAnswer } from '../../../../shared/contract/table-bill';
import { BILL_MANAGER_PATHS, billList, type BillReprintRequest } from '../../../../shared/contract/table-bill-manager';
import type { BillListStatus } from '../../../../shared/table-bill-manager';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

/** Open tables change while the manager looks: re-read them this often. */
export const OPEN_TABLES_REFRESH_MS = 15_000;

export const billManagerQueries = {
  all: ['table-bill', 'manager'] as const,
  list: (localId: string, status: BillListStatus, data: string | undefined) =>
    ({ ...getQuery(['table-bill', 'manager', localId, status, data ?? ''], BILL_MANAGER_PATHS.list, billList, { query: { localId, status, data } }), refetchInterval: status === 'aberta' ? OPEN_TABLES_REFRESH_MS : (false as const) }),
};

export const reprintBill = (billId: string, body: BillReprintRequest) => api(BILL_MANAGER_PATHS.reprint(billId), { method: 'POST', body, schema: preBillAnswer });
