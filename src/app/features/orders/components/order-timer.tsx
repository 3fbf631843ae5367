import { memo, useCallback } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { useClockValue, useNowSecond } from '../hooks/clock';
import { elapsedSeconds, formatElapsed } from '../model/board-rules';
import { countRender } from '../model/render-count';
import { totalSeconds } from '../model/timers';
import classes from './board.module.css';

/**
 * Elapsed HH:MM:SS since `since` (a ticket: the start of its current state, see model/timers): the
 * only part of a card that ticks.
 */
export const OrderTimer = memo(function OrderTimer({ since, label }: { since: string; label?: string }) {
  countRender('timer');
  const second = useNowSecond();
  return (
    <span className={classes.timer} role="timer" data-testid="order-timer" aria-label={label ? `${label}: ${formatElapsed(elapsedSeconds(since, second * 1000))}` : undefined}>
      {formatElapsed(elapsedSeconds(since, second * 1000))}
    </span>
  );
});

type TotalOrder = Pick<Order, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde'>;

/** The order's total time since creation (stopped when it ended): the drawer shows it beside the state's. */
export const OrderTotalTime = memo(function OrderTotalTime({ order }: { order: TotalOrder }) {
  const select = useCallback((nowMs: number) => totalSeconds(order, Math.floor(nowMs / 1000) * 1000), [order]);
  const seconds = useClockValue(select);
  return (
    <span role="timer" data-testid="order-total-time">
      {formatElapsed(seconds)}
    </span>
  );
});
