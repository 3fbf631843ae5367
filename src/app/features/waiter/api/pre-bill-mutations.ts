/**
 * The pré-conta (issue 41): the server queues the bill for the venue's print agent, or hands back
 * the spec's print job for the venue's local print server, which only a device on the venue's
 * network can reach (spec 000 §7: POST {EnderecoServidorLocal}/api/printer, 25 s, ok on 200/201).
 * That POST is not our API, hence its own fetch, as the board's (features/orders/lib/local-printer.ts).
 */
import { BILL_PATHS, preBillAnswer, type PreBillAnswer, type PreBillRequest } from '../../../../shared/contract/table-bill';
import { PRINTER_TIMEOUT_MS } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';

export function postPreBill(tableId: string, body: PreBillRequest): Promise<PreBillAnswer> {
  return api(BILL_PATHS.preBill(tableId), { method: 'POST', body, schema: preBillAnswer });
}

/** Sends the job to the venue's local print server; false when it did not take it. */
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
