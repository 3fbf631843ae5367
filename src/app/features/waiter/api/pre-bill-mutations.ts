/**
 * The pré-conta (issue 41): the server queues the bill for the venue's print agent, or hands back
 * the spec's print job for the venue's local print server, which only a device on the venue's
 * network can reach (spec 000 §7: POST {EnderecoServidorLocal}/api/printer, 25 s, ok on 200/201).
 * That POST is not our API, hence its own fetch, as the board's (src/app/lib/local-print-server.ts).
 */
import { BILL_PATHS, preBillAnswer, type PreBillAnswer, type PreBillRequest } from '../../../../shared/contract/table-bill';
import { api } from '../../../lib/api-client';

export function postPreBill(tableId: string, body: PreBillRequest): Promise<PreBillAnswer> {
  return api(BILL_PATHS.preBill(tableId), { method: 'POST', body, schema: preBillAnswer });
}
