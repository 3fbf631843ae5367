/**
 * Client of a venue's local print server (EnderecoServidorLocal): POST {host}/api/printer with a
 * print job (spec 000 §3), 25 s, ok on 200 or 201. The server never prints by itself; it hands
 * jobs over and records PedidoPOSPrinterStatus.
 */
import { PRINTER_TIMEOUT_MS } from '../../../shared/orders';
import type { PrintJob } from '../../../shared/contract/orders';

export interface PrintResult {
  ok: boolean;
  status: number | null;
}

export async function sendPrintJob(host: string, job: PrintJob, timeoutMs = PRINTER_TIMEOUT_MS): Promise<PrintResult> {
  const url = `${host.replace(/\/+$/, '')}/api/printer`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(job),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await res.body?.cancel().catch(() => {});
    return { ok: res.status === 200 || res.status === 201, status: res.status };
  } catch {
    return { ok: false, status: null };
  }
}
