/**
 * "Enviar novamente" (printer badge) and printing on accept: captures the order's ticket and sends
 * it from the tablet to the venue's local print server. A failed capture says "Ocorreu um erro.
 * Tente novamente" (spec 000 §8) and sends nothing.
 */
import type { Order } from '../../../../shared/contract/orders';
import { buildPrintJobs, ORDER_MSG, PRINTER_STATUS } from '../../../../shared/orders';
import { getSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { acknowledgeRecord, submitOrderCommand, type CommandResult } from '../api/order-commands';
import { captureOrderCard } from './capture-card';
import { sendPrintJob } from './local-printer';

/** The printer names of a print answer (Impressora), or the items' printer. */
export function printerName(order: Order, body: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).Impressora : null;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return order.Itens.find((i) => i.NomeImpressora)?.NomeImpressora ?? 'servidor de impressão local';
}

/** Orders being captured: a second tap meanwhile does not capture (nor send) twice. */
const capturing = new Set<string>();

/**
 * Prints the order from the venue: builds its jobs here (the tablet has the order, so printing
 * works even while the cloud server is unreachable), POSTs them to the local print server and
 * reports the status (1 Na fila, then 0 received or 3 error) through the outbox. Null when nothing
 * was sent (capture failed or in progress). `quiet` skips the success toast (printing on accept).
 */
export async function resendToPrinter(order: Order, opts: { quiet?: boolean } = {}): Promise<CommandResult | null> {
  const host = order.EnderecoServidorLocal;
  if (!host) {
    void toastError(ORDER_MSG.noPrintServer);
    return null;
  }
  if (capturing.has(order.Id)) return null;
  capturing.add(order.Id);
  let imageBase64: string;
  try {
    imageBase64 = await captureOrderCard(order);
  } catch {
    void toastError(ORDER_MSG.printImageError);
    capturing.delete(order.Id);
    return null;
  }
  try {
    const session = getSession();
    const jobs = buildPrintJobs(order, { businessName: session?.currentLocation?.nomeLocal ?? '', responsable: session?.userName ?? '', imageBase64 });
    void report(order, PRINTER_STATUS.inQueue);
    const results = await Promise.all(jobs.map((j) => sendPrintJob(host, j)));
    const ok = results.every(Boolean);
    const r = await report(order, ok ? PRINTER_STATUS.received : PRINTER_STATUS.error);
    const printer = jobs.map((j) => j.printer).join(', ');
    if (!ok) void toastError(ORDER_MSG.printerError(printer));
    else if (!opts.quiet) void toastSuccess(ORDER_MSG.sentToPrinter(printer));
    return r;
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
