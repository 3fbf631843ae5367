/**
 * "Enviar novamente" (printer badge): captures the order's ticket, then queues ReSendOrder with
 * `{ imageBase64 }` through the outbox like every board command. A failed capture says
 * "Ocorreu um erro. Tente novamente" (spec 000 §8) and sends nothing.
 */
import type { Order } from '../../../../shared/contract/orders';
import { ORDER_MSG } from '../../../../shared/orders';
import { toastError, toastSuccess } from '../../../lib/toast';
import { acknowledgeRecord, submitOrderCommand, type CommandResult } from '../api/order-commands';
import { captureOrderCard } from './capture-card';

/** The printer names of a print answer (Impressora), or the items' printer. */
export function printerName(order: Order, body: unknown): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).Impressora : null;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return order.Itens.find((i) => i.NomeImpressora)?.NomeImpressora ?? 'servidor de impressão local';
}

/** Orders being captured: a second tap meanwhile does not capture (nor send) twice. */
const capturing = new Set<string>();

/** Resends the order to the printer; null when nothing was sent (capture failed or in progress). */
export async function resendToPrinter(order: Order): Promise<CommandResult | null> {
  if (capturing.has(order.Id)) return null;
  capturing.add(order.Id);
  let imageBase64: string;
  try {
    imageBase64 = await captureOrderCard(order);
  } catch {
    void toastError(ORDER_MSG.printImageError);
    return null;
  } finally {
    capturing.delete(order.Id);
  }

  const r = await submitOrderCommand({
    orderId: order.Id,
    codigo: order.Codigo,
    command: 'resendToPrinter',
    expectedStateId: order.WorkflowInstance.CurrenteState.Id,
    query: { pedidoId: order.Id },
    body: { imageBase64 },
    preview: { PedidoPOSPrinterStatus: 1 },
  });
  const ok = r.status === 'applied' && (r.body as { Sucesso?: boolean } | null)?.Sucesso !== false;
  if (r.status === 'applied' || r.status === 'failed') {
    void (ok ? toastSuccess : toastError)((ok ? ORDER_MSG.sentToPrinter : ORDER_MSG.printerError)(printerName(order, r.body)));
  }
  if (r.status === 'failed' && r.id) void acknowledgeRecord(r.id);
  return r;
}
