import type { Order, OrderItem } from '../../../../shared/contract/orders';
import { itemDone, itemsForStation } from '../model/stations';
import classes from './board.module.css';
import css from './station-items.module.css';

const noteText = (n: OrderItem['Observacoes'][number]) => [n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': ');

/**
 * A station's screen: its items still to make, each with its own "Pronto" (item-level bump). A
 * bumped item collapses into one folded line ("N itens prontos"), where "Desfazer" brings it back.
 */
export function StationItems({ order, station, disabled, onBump }: { order: Order; station: string; disabled: boolean; onBump?: (order: Order, itemId: string, done: boolean) => void }) {
  const mine = itemsForStation(order.Itens, station);
  const open = mine.filter((i) => !itemDone(i));
  const done = mine.filter(itemDone);
  return (
    <>
      {open.length > 0 && (
        <ul className={classes.items} aria-label={`Itens do pedido para ${station}`}>
          {open.map((it) => (
            <li key={it.Id} className={classes.stationItem} data-done="false" data-testid="station-item">
              <span>
                <span className={classes.qty}>{it.Quantidade}x</span>
                {it.NomeProduto}
                {it.Observacoes.map((n, i) => (
                  <span key={i} className={classes.note}>
                    {noteText(n)}
                  </span>
                ))}
              </span>
              <button
                type="button"
                className={classes.bumpButton}
                aria-pressed={false}
                aria-label={`Pronto: ${it.Quantidade}x ${it.NomeProduto}`}
                disabled={disabled || !onBump}
                onClick={() => onBump?.(order, it.Id, true)}
              >
                Pronto
              </button>
            </li>
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <details className={css.done} data-testid="station-done">
          <summary className={css.summary}>
            ✓ {done.length} {done.length === 1 ? 'item pronto' : 'itens prontos'}
          </summary>
          <ul className={css.list} aria-label={`Itens prontos em ${station}`}>
            {done.map((it) => (
              <li key={it.Id} className={css.row} data-testid="station-item-done">
                <span>
                  {it.Quantidade}x {it.NomeProduto}
                </span>
                <button
                  type="button"
                  className={classes.bumpButton}
                  aria-label={`Desfazer: ${it.Quantidade}x ${it.NomeProduto}`}
                  disabled={disabled || !onBump}
                  onClick={() => onBump?.(order, it.Id, false)}
                >
                  Desfazer
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
