import { memo } from 'react';
import type { Order, OrderItem } from '../../../../shared/contract/orders';
import { itemDone, itemsForStation } from '../model/stations';
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

/** A station's screen: only its items, each with its own "Pronto" (item-level bump). */
export function StationItems({ order, station, disabled, onBump }: { order: Order; station: string; disabled: boolean; onBump?: (order: Order, itemId: string, done: boolean) => void }) {
  const mine: OrderItem[] = itemsForStation(order.Itens, station);
  return (
    <ul className={classes.items} aria-label={`Itens do pedido para ${station}`}>
      {mine.map((it) => {
        const done = itemDone(it);
        return (
          <li key={it.Id} className={classes.stationItem} data-done={done ? 'true' : 'false'} data-testid="station-item">
            <span>
              <span className={classes.qty}>{it.Quantidade}x</span>
              {it.NomeProduto}
              {it.Observacoes.map((n, i) => (
                <span key={i} className={classes.note}>
                  {[n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': ')}
                </span>
              ))}
            </span>
            <button
              type="button"
              className={classes.bumpButton}
              aria-pressed={done}
              aria-label={`Pronto: ${it.Quantidade}x ${it.NomeProduto}`}
              disabled={disabled || !onBump}
              onClick={() => onBump?.(order, it.Id, !done)}
            >
              {done ? 'Pronto ✓' : 'Pronto'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
