import { memo } from 'react';
import { useNowSecond } from '../hooks/clock';
import { elapsedSeconds, formatElapsed } from '../model/board-rules';
import { countRender } from '../model/render-count';
import classes from './board.module.css';

/** Elapsed HH:MM:SS since the order was created: the only part of a card that ticks. */
export const OrderTimer = memo(function OrderTimer({ since }: { since: string }) {
  countRender('timer');
  const second = useNowSecond();
  return (
    <span className={classes.timer} role="timer" data-testid="order-timer">
      {formatElapsed(elapsedSeconds(since, second * 1000))}
    </span>
  );
});
