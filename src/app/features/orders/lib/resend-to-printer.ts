/**
 * "Enviar novamente" (printer badge) and printing on accept. The server routes each station to its
 * printer (POST api/kds/ReSendOrder): network printers get a durable job that the venue's print
 * agent prints; the stations on the venue's local print server come back as the spec's print jobs
 * (with the ticket's PNG capture and its ESC/POS bytes), which this tablet, on the venue's network,
 * POSTs to `{EnderecoServidorLocal}/api/printer` and reports 0/3 for; the stations whose printer is
 * plugged into a board tablet (`Destino: 'navegador'`) are written to this tablet's USB printer
 * (lib/usb-printer.ts, Web Serial), or said to be missing here. When the server cannot be
 * reached, the tablet builds the local print server's jobs itself, so printing still works offline.
 * A failed capture says "Ocorreu um erro. Tente novamente" (spec 000 §8) and sends nothing.
 */
import { printResponse, type Order, type PrintResponse } from '../../../../shared/contract/orders';
import { buildPrintJobs, IDEMPOTENCY_HEADER, KDS_PATHS, ORDER_MSG, PRINTER_STATUS } from '../../../../shared/orders';
import { api, ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { acknowledgeRecord, submitOrderCommand, type CommandResult } from '../api/order-commands';
import { captureOrderCard } from './capture-card';
import { PRINTER_CONNECTION, PRINTER_MSG } from '../../../../shared/printers';
import { bytesOfBase64, usbPrinterChosen, writeToUsbPrinter } from '../../../lib/usb-printer';
import { sendPrintJob } from '../../../lib/local-print-server';

/** The printer names of a print answer (Impressora), or the items' printer. */
export function printerName(order: Order, body: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).Impressora : null;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return order.Itens.find((i) => i.NomeImpressora)?.NomeImpressora ?? 'servidor de impressão local';
}

/** Orders being captured: a second tap meanwhile does not capture (nor send) twice. */
const capturing = new Set<string>();

/** Asks the server to print: it queues the agent's jobs and answers the local print server's. */
function requestPrint(order: Order, imageBase64: string | null, localServerOnly: boolean): Promise<PrintResponse> {
  return api(KDS_PATHS.resend, {
    method: 'POST',
    query: { pedidoId: order.Id, apenasServidorLocal: localServerOnly ? 'true' : undefined },
    body: { imageBase64 },
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
    schema: printResponse,
  });
}

/**
 * Prints the order. Null when nothing was sent (capture failed, in progress, or the server refused:
 * its message is shown, e.g. no printer for a station). `quiet` skips the success toast (printing
 * on accept); `afterAccept` asks only for the local print server's jobs (the agent's were queued
 * with the acceptance).
 */
export async function resendToPrinter(order: Order, opts: { quiet?: boolean; afterAccept?: boolean } = {}): Promise<CommandResult | null> {
  const host = order.EnderecoServidorLocal;
  if (capturing.has(order.Id)) return null;
  capturing.add(order.Id);
  try {
    let imageBase64: string | null = null;
    if (host) {
      try {
        imageBase64 = await captureOrderCard(order);
      } catch {
        void toastError(ORDER_MSG.printImageError);
        return null;
      }
    }
    let answer: PrintResponse | null = null;
    try {
      answer = await requestPrint(order, imageBase64, !!opts.afterAccept);
    } catch (err) {
      // Offline: the local print server is still reachable from here; anything else is the server's word.
      if (!(err instanceof ApiError && (err.isNetwork || err.status >= 500) && host)) {
        void toastError(err instanceof Error ? err.message : ORDER_MSG.genericError);
        return null;
      }
    }
    const session = getSession();
    const jobs = answer
      ? (answer.Jobs ?? [])
      : buildPrintJobs(order, { businessName: session?.currentLocation?.nomeLocal ?? '', responsable: session?.userName ?? '', imageBase64 });
    const printers = answer ? answer.Impressora : jobs.map((j) => j.printer).join(', ');
    const onUsb = (j: (typeof jobs)[number]) => j.Destino === PRINTER_CONNECTION.browser;
    const usbJobs = jobs.filter(onUsb);
    const serverJobs = jobs.filter((j) => !onUsb(j));
    let result: CommandResult | null = null;
    if (usbJobs.length) {
      // One printer per tablet: every USB station's ticket goes to it, one after the other.
      const names = usbJobs.map((j) => j.printer).join(', ');
      let written = 0;
      for (const j of usbJobs) if (j.body.escPosBase64 && (await writeToUsbPrinter(bytesOfBase64(j.body.escPosBase64)))) written++;
      if (written < usbJobs.length) {
        result = await report(order, PRINTER_STATUS.error);
        void toastError(written === 0 && !usbPrinterChosen() ? PRINTER_MSG.usbNotConnected(names) : PRINTER_MSG.usbWriteFailed(names));
        return result;
      }
      if (!serverJobs.length || !host) result = await report(order, PRINTER_STATUS.received);
    }
    if (serverJobs.length && host) {
      // The server marked the order "Na fila" when it answered; offline, the tablet says so itself.
      if (!answer) void report(order, PRINTER_STATUS.inQueue);
      const results = await Promise.all(serverJobs.map((j) => sendPrintJob(host, j)));
      const ok = results.every(Boolean);
      result = await report(order, ok ? PRINTER_STATUS.received : PRINTER_STATUS.error);
      if (!ok) {
        void toastError(ORDER_MSG.printerError(serverJobs.map((j) => j.printer).join(', ')));
        return result;
      }
    }
    if (!opts.quiet && printers) void toastSuccess(ORDER_MSG.sentToPrinter(printers));
    return result ?? { status: 'applied', body: answer };
  } finally {
    capturing.delete(order.Id);
  }
}

function report(order: Order, status: number): Promise<CommandResult> {
  return submitOrderCommand({
    orderId: order.Id,
    codigo: order.Codigo,
    command: 'printerStatus',
    expectedStateId: order.WorkflowInstance.CurrenteState.Id,
    body: { PedidoId: order.Id, Status: status },
    preview: { PedidoPOSPrinterStatus: status },
  }).then((r) => {
    if (r.status === 'failed' && r.id) void acknowledgeRecord(r.id);
    return r;
  });
}
