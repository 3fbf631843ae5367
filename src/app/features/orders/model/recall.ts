/** Which finished or refused orders may still be recalled (the server checks the same window). */
import type { Order } from '../../../../shared/contract/orders';
import { FINAL_STATES, KDS_RECALL_WINDOW_MS } from '../../../../shared/orders';

/** When the order reached its current (final) state: its last history entry, else its last update. */
export function finishedAt(o: Pick<Order, 'HistoricoEstados' | 'DataAtualizacao'>): number {
  const last = o.HistoricoEstados.at(-1);
  return Date.parse(last?.Data ?? o.DataAtualizacao);
}

/** Finished/refused orders still inside the recall window, most recently finished first. */
export function recallable(orders: readonly Order[], now: number): Order[] {
  return orders
    .filter((o) => (FINAL_STATES as readonly number[]).includes(o.WorkflowInstance.CurrenteState.Id) && now - finishedAt(o) <= KDS_RECALL_WINDOW_MS)
    .sort((a, b) => finishedAt(b) - finishedAt(a));
}
