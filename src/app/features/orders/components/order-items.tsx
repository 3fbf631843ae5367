import { memo } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import classes from './board.module.css';

/** Items with quantities, each note with its options in a colour of its own, and the order's note. Never truncated. */
export const OrderItems = memo(function OrderItems({ order }: { order: Pick<Order, 'Itens' | 'ObservacaoPedido'> }) {
  return (
    <>
      <ul className={classes.items} aria-label="Itens do pedido">
        {order.Itens.map((it) => (
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
      </ul>
      {order.ObservacaoPedido && (
        <div className={classes.orderNote} data-testid="order-note">
          Obs.: {order.ObservacaoPedido}
        </div>
      )}
    </>
  );
});
