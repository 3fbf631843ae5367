import { memo } from 'react';
import type { Order, OrderItem } from '../../../../shared/contract/orders';
import classes from './board.module.css';

/** How many of the items fit in `lines` lines (an item is one, each of its notes one more); at least one. */
export function itemsShown(items: readonly Pick<OrderItem, 'Observacoes'>[], lines: number): number {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += 1 + items[i].Observacoes.length;
    if (used > lines) return Math.max(1, i);
  }
  return items.length;
}

/**
 * Items with quantities, each note with its options in a colour of its own, and the order's note.
 * Never truncated: on a ticket (`foldAfterLines`) the items past that many lines fold behind
 * "+N itens" (the header opens the order with all of them); the order's note always shows.
 */
export const OrderItems = memo(function OrderItems({ order, foldAfterLines }: { order: Pick<Order, 'Itens' | 'ObservacaoPedido'>; foldAfterLines?: number }) {
  const shown = foldAfterLines ? itemsShown(order.Itens, foldAfterLines) : order.Itens.length;
  const folded = order.Itens.slice(shown);
  const foldedNotes = folded.some((it) => it.Observacoes.length > 0);
  return (
    <>
      <ul className={classes.items} aria-label="Itens do pedido">
        {order.Itens.slice(0, shown).map((it) => (
          <li key={it.Id} className={classes.item}>
            <span className={classes.qty}>{it.Quantidade}x</span>
            {it.NomeProduto}
            {it.Observacoes.map((n, i) => (
              <span key={i} className={classes.note} data-testid="item-note">
                {[n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': ')}
              </span>
            ))}
          </li>
        ))}
        {folded.length > 0 && (
          <li className={classes.folded} data-testid="folded-items">
            +{folded.length} {folded.length === 1 ? 'item' : 'itens'}
            {foldedNotes && ' (com observações)'}
          </li>
        )}
      </ul>
      {order.ObservacaoPedido && (
        <div className={classes.orderNote} data-testid="order-note">
          Obs.: {order.ObservacaoPedido}
        </div>
      )}
    </>
  );
});
