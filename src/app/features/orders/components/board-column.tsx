import { Text } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';
import { canObserve, NearViewContext, NearViewObserver } from '../hooks/use-near-view';
import { ORDER_STATE } from '../../../../shared/orders';
import type { Order, WorkflowState } from '../../../../shared/contract/orders';
import type { BoardAction, DeliveryRules } from '../../../../shared/orders';
import { readableTextOn } from '../model/board-rules';
import type { PendingMark } from '../model/commands';
import { countRender } from '../model/render-count';
import classes from './board.module.css';
import { OrderCard, type CardStationProps } from './order-card';

export interface BoardEntry {
  order: Order;
  mark: PendingMark;
}

export interface BoardColumnProps {
  state: Pick<WorkflowState, 'Id' | 'Name' | 'BackgroundColor'>;
  entries: BoardEntry[];
  /** The column's true total when it holds only a page (finished states); else its card count. */
  total?: number;
  delivery: DeliveryRules;
  ageWarnMinutes: number;
  ageLateMinutes: number;
  ringing: ReadonlySet<string>;
  onAction: (action: BoardAction, order: Order) => void;
  onOpen: (order: Order) => void;
}

/** One workflow state: its header (state colour) and its cards. */
export const BoardColumn = memo(function BoardColumn({ state, entries, total, delivery, ageWarnMinutes, ageLateMinutes, ringing, onAction, onOpen, station, onRush, onBump }: BoardColumnProps & CardStationProps) {
  countRender('column');
  const count = Math.max(total ?? 0, entries.length);
  const fresh = useFreshCards(entries, state.Id);
  const observer = useColumnObserver(fresh.ref);
  return (
    <NearViewContext.Provider value={observer}>
    <section ref={fresh.ref} className={classes.column} aria-label={`${state.Name}: ${count} ${count === 1 ? 'pedido' : 'pedidos'}`} data-testid={`column-${state.Id}`}>
      <div className={classes.columnHeader} style={{ background: state.BackgroundColor, color: readableTextOn(state.BackgroundColor) }}>
        <span>{state.Name}</span>
        <span aria-hidden className={classes.columnCount} data-testid={`column-count-${state.Id}`}>
          {count}
        </span>
      </div>
      {entries.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          Nenhum pedido
        </Text>
      )}
      {entries.map((e) => (
        <OrderCard
          key={e.order.Id}
          order={e.order}
          mark={e.mark}
          delivery={delivery}
          ageWarnMinutes={ageWarnMinutes}
          ageLateMinutes={ageLateMinutes}
          ringing={ringing.has(e.order.Id)}
          fresh={fresh.ids.has(e.order.Id)}
          onAction={onAction}
          onOpen={onOpen}
          station={station}
          onRush={onRush}
          onBump={onBump}
        />
      ))}
    </section>
    </NearViewContext.Provider>
  );
});

/** The column's observer of lazy cards (see use-near-view), the column itself as its root. */
function useColumnObserver(ref: React.RefObject<HTMLElement | null>): NearViewObserver | null {
  const [observer] = useState(() => (canObserve() ? new NearViewObserver(() => ref.current) : null));
  useEffect(() => () => observer?.disconnect(), [observer]);
  return observer;
}

const NONE: ReadonlySet<string> = new Set();
const FRESH_MS = 8_000;

/**
 * Cards that just joined this column are outlined for a few seconds; a new Pendente order is also
 * scrolled into view, since it joins the bottom of its column (oldest first).
 */
function useFreshCards(entries: readonly BoardEntry[], stateId: number) {
  const ref = useRef<HTMLElement>(null);
  const known = useRef<Set<string> | null>(null);
  const [ids, setIds] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    const now = entries.map((e) => e.order.Id);
    const before = known.current;
    known.current = new Set(now);
    if (!before) return;
    const added = now.filter((id) => !before.has(id));
    if (!added.length) return;
    setIds(new Set(added));
    if (stateId === ORDER_STATE.Pendente) {
      const last = ref.current?.querySelector(`[data-order-id="${added[added.length - 1]}"]`);
      last?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [entries, stateId]);
  useEffect(() => {
    if (ids.size === 0) return;
    const t = setTimeout(() => setIds(NONE), FRESH_MS);
    return () => clearTimeout(t);
  }, [ids]);
  return { ref, ids };
}
