import { Text } from '@mantine/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { createContext, memo, useCallback, useContext, useEffect, useRef, useState, type RefObject } from 'react';
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

/**
 * The order this tablet just acted on (an action, a rush): when it lands in another column or moves
 * inside one, that column scrolls to it, so the cook sees where the card went. A ref, never state:
 * setting it re-renders nothing.
 */
export const FollowContext = createContext<RefObject<string | null> | null>(null);

/** Event the board sends a column to bring one of its cards (by position) into view and focus it. */
export const FOCUS_INDEX_EVENT = 'board-focus-index';

/** Estimated card height before it is measured (a full card in the comfortable density). */
const ESTIMATE_PX = 300;
/** Cards mounted beyond each end of the column's visible part. */
const OVERSCAN = 2;

/**
 * One workflow state: its header (state colour, true count) and its cards. The cards are
 * virtualized: only those in the column's view (plus a few beyond it, the focused card and the ones
 * that just arrived) are mounted, each measured once drawn (heights vary with items and notes).
 * The list says its size and each card's position (aria-setsize / aria-posinset), and keyboard
 * moves between cards scroll the list (see FOCUS_INDEX_EVENT), so every order stays reachable.
 */
export const BoardColumn = memo(function BoardColumn({ state, entries, total, delivery, ageWarnMinutes, ageLateMinutes, ringing, onAction, onOpen, station, onRush, onBump }: BoardColumnProps & CardStationProps) {
  countRender('column');
  const count = Math.max(total ?? 0, entries.length);
  const sectionRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);

  const fresh = useFreshCards(entries, state.Id, (i) => virtualizerRef.current?.scrollToIndex(i, { align: 'auto' }));
  // Kept mounted whatever the scroll: the focused card and the ones that just arrived.
  const keep = entries.flatMap((e, i) => (i === focused || fresh.ids.has(e.order.Id) ? [i] : []));
  const keepKey = keep.join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const base = defaultRangeExtractor(range);
      const extra = keepKey ? keepKey.split(',').map(Number).filter((i) => i < range.count && !base.includes(i)) : [];
      return extra.length ? [...base, ...extra].sort((a, b) => a - b) : base;
    },
    [keepKey],
  );
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATE_PX,
    overscan: OVERSCAN,
    getItemKey: (i) => entries[i].order.Id,
    rangeExtractor,
  });
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;

  useFocusIndexEvent(sectionRef, scrollRef, (i) => virtualizer.scrollToIndex(i, { align: 'auto' }));

  const items = virtualizer.getVirtualItems();
  return (
    <section ref={sectionRef} className={classes.column} aria-label={`${state.Name}: ${count} ${count === 1 ? 'pedido' : 'pedidos'}`} data-testid={`column-${state.Id}`} data-count={entries.length}>
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
      <div
        ref={scrollRef}
        className={classes.columnScroll}
        data-testid={`column-scroll-${state.Id}`}
        hidden={entries.length === 0}
        onFocus={(e) => {
          const slot = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
          const i = slot ? Number(slot.dataset.index) : null;
          if (i !== focused) setFocused(i);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
        }}
      >
        <div role="list" aria-label={`Pedidos em ${state.Name}`} className={classes.columnList} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((vi) => {
            const e = entries[vi.index];
            return (
              <div
                key={vi.key}
                ref={virtualizer.measureElement}
                role="listitem"
                aria-setsize={entries.length}
                aria-posinset={vi.index + 1}
                data-index={vi.index}
                className={classes.slot}
                style={{ transform: `translateY(${vi.start}px)` }}
              >
                <OrderCard
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
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
});

/**
 * The board asks a column to focus its card at a position (arrow keys, bump bar): the list scrolls
 * there, and the card is focused once mounted.
 */
function useFocusIndexEvent(sectionRef: RefObject<HTMLElement | null>, scrollRef: RefObject<HTMLElement | null>, scrollTo: (i: number) => void) {
  const scroll = useRef(scrollTo);
  scroll.current = scrollTo;
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    let cancel = 0;
    const onFocusIndex = (ev: Event) => {
      const i = (ev as CustomEvent<number>).detail;
      cancelAnimationFrame(cancel);
      scroll.current(i);
      let frames = 0;
      const tryFocus = () => {
        const card = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] [data-testid="order-card"]`);
        if (card) {
          card.focus({ preventScroll: true });
          card.scrollIntoView?.({ block: 'nearest' });
        } else if (++frames < 30) cancel = requestAnimationFrame(tryFocus);
      };
      tryFocus();
    };
    section.addEventListener(FOCUS_INDEX_EVENT, onFocusIndex);
    return () => {
      cancelAnimationFrame(cancel);
      section.removeEventListener(FOCUS_INDEX_EVENT, onFocusIndex);
    };
  }, [sectionRef, scrollRef]);
}

const NONE: ReadonlySet<string> = new Set();
const FRESH_MS = 8_000;

/**
 * Cards that just joined this column are outlined for a few seconds; a new Pendente order is also
 * scrolled into view, since it joins the bottom of its column (oldest first), and so is the card
 * this tablet just acted on wherever it lands (FollowContext).
 */
function useFreshCards(entries: readonly BoardEntry[], stateId: number, scrollTo: (index: number) => void) {
  const follow = useContext(FollowContext);
  const known = useRef<Map<string, number> | null>(null);
  const scroll = useRef(scrollTo);
  scroll.current = scrollTo;
  const [ids, setIds] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    const now = new Map(entries.map((e, i) => [e.order.Id, i]));
    const before = known.current;
    known.current = now;
    if (!before) return;
    const added = [...now.keys()].filter((id) => !before.has(id));
    const followed = follow?.current;
    const target =
      followed && now.has(followed) && before.get(followed) !== now.get(followed)
        ? followed
        : stateId === ORDER_STATE.Pendente && added.length
          ? added[added.length - 1]
          : null;
    if (target) {
      if (target === followed) follow!.current = null;
      scroll.current(now.get(target)!);
    }
    if (added.length) setIds(new Set(added));
  }, [entries, stateId, follow]);
  useEffect(() => {
    if (ids.size === 0) return;
    const t = setTimeout(() => setIds(NONE), FRESH_MS);
    return () => clearTimeout(t);
  }, [ids]);
  return { ids };
}
