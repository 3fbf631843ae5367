/**
 * The venue's local print server, reached from the device (spec 000 §7: POST {printerHost}/api/printer,
 * 25 s, ok on 200 or 201). It lives on the restaurant's network, which a server in the cloud cannot
 * reach, so the board, the waiter's pré-conta and the manager's reprint send the jobs themselves; this
 * is not our API (the api client is for that), hence its own fetch. The local print server must allow
 * the app's origin (CORS).
 */
import type { PrintJob } from '../../shared/contract/orders';
import type { PreBillAnswer } from '../../shared/contract/table-bill';
import { PRINTER_TIMEOUT_MS } from '../../shared/orders';

export async function sendPrintJob(host: string, job: PrintJob, timeoutMs = PRINTER_TIMEOUT_MS): Promise<boolean> {
  try {
    const res = await fetch(`${host.replace(/\/+$/, '')}/api/printer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(job),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
    });
    return res.status === 200 || res.status === 201;
  } catch {
    return false;
  }
}

/**
 * A pré-conta or reprint answer's job, when the server handed it back for the local print server
 * (true when there is none to send, or the print server took it).
 */
export async function sendToLocalPrintServer(a: PreBillAnswer, timeoutMs = PRINTER_TIMEOUT_MS): Promise<boolean> {
  if (!a.Trabalho || !a.EnderecoServidorLocal) return true;
  return sendPrintJob(a.EnderecoServidorLocal, a.Trabalho, timeoutMs);
}
