import { Text } from '@mantine/core';
import { createContext, forwardRef, memo, useContext, useMemo, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
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
  /** The orders are still on their way (the column is laid out so its list knows its height). */
  loading?: boolean;
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
/** Mounted beyond each end of the column's visible part: about two cards' height, so the cards next
 * to the one in sight (a bump bar's next press, the order before a new one) are there at once. */
const BUFFER_PX = 2 * ESTIMATE_PX;

/** The list's name and size, for the list and each card's aria-setsize (List and Slot are static components). */
const ListContext = createContext({ label: '', size: 0 });

/** The virtualizer's container is the list itself, so each card's slot is one of its items (its direct child). */
const List = forwardRef<HTMLDivElement, { style: CSSProperties; children: ReactNode }>(function List({ style, children }, ref) {
  const { label, size } = useContext(ListContext);
  // Empty, it is no list (the column says "Nenhum pedido"). The virtualizer turns pointer events off
  // while the list scrolls (virtua's default, against hover effects); a kitchen's tap must never be
  // lost to a scroll, its own or the list settling after a new card, so they stay on.
  return (
    <div ref={ref} role={size ? 'list' : undefined} aria-label={size ? label : undefined} style={{ ...style, pointerEvents: undefined }}>
      {children}
    </div>
  );
});

/**
 * One card's place in the list, positioned by the virtualizer (virtua) and measured by it once drawn.
 * It says its position in the whole list (the cards out of sight are not mounted). The spacing
 * between cards lives on the inner element: the virtualizer measures the content box.
 */
const Slot = forwardRef<HTMLDivElement, { style: CSSProperties; index: number; children: ReactNode }>(function Slot({ style, index, children }, ref) {
  const { size } = useContext(ListContext);
  return (
    <div ref={ref} role="listitem" aria-setsize={size} aria-posinset={index + 1} data-index={index} className={classes.slot} style={style}>
      <div className={classes.slotGap}>{children}</div>
    </div>
  );
});

/**
 * One workflow state: its header (state colour, true count) and its cards. The cards are
 * virtualized: only those in the column's view (plus a few beyond it, the focused card and the ones
 * that just arrived) are mounted, each measured once drawn (heights vary with items and notes).
 * The list says its size and each card's position (aria-setsize / aria-posinset), and keyboard
 * moves between cards scroll the list (see FOCUS_INDEX_EVENT), so every order stays reachable.
 */
export const BoardColumn = memo(function BoardColumn({
  state,
  entries,
  total,
  loading,
  delivery,
  ageWarnMinutes,
  ageLateMinutes,
  ringing,
  onAction,
  onOpen,
  station,
  onRush,
  onBump,
}: BoardColumnProps & CardStationProps) {
  countRender('column');
  const count = Math.max(total ?? 0, entries.length);
  const sectionRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);

  const virtualizer = useRef<VirtualizerHandle>(null);
  const scrollTo = (i: number) => virtualizer.current?.scrollToIndex(i, { align: 'nearest' });
  const fresh = useFreshCards(entries, state.Id, scrollTo, loading);
  // Kept mounted whatever the scroll: the focused card and the ones that just arrived.
  const keep = entries.flatMap((e, i) => (i === focused || fresh.ids.has(e.order.Id) ? [i] : []));

  useFocusIndexEvent(sectionRef, scrollRef, scrollTo);
  const label = `Pedidos em ${state.Name}`;
  const listInfo = useMemo(() => ({ label, size: entries.length }), [label, entries.length]);

  return (
    <section ref={sectionRef} className={classes.column} aria-label={loading ? `${state.Name}: carregando pedidos` : `${state.Name}: ${count} ${count === 1 ? 'pedido' : 'pedidos'}`} data-testid={`column-${state.Id}`} data-count={entries.length}>
      <div className={classes.columnHeader} style={{ background: state.BackgroundColor, color: readableTextOn(state.BackgroundColor) }}>
        <span>{state.Name}</span>
        <span aria-hidden className={classes.columnCount} data-testid={`column-count-${state.Id}`}>
          {loading ? '…' : count}
        </span>
      </div>
      {/* Always laid out, even empty: the list knows its height before the first orders arrive. */}
      <div
        ref={scrollRef}
        className={classes.columnScroll}
        data-testid={`column-scroll-${state.Id}`}
        onFocus={(e) => {
          const slot = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
          const i = slot ? Number(slot.dataset.index) : null;
          if (i !== focused) setFocused(i);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
        }}
      >
        {entries.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {loading ? 'Carregando pedidos…' : 'Nenhum pedido'}
          </Text>
        )}
        <ListContext.Provider value={listInfo}>
          <Virtualizer ref={virtualizer} scrollRef={scrollRef} data={entries} itemSize={ESTIMATE_PX} bufferSize={BUFFER_PX} keepMounted={keep} as={List} item={Slot}>
            {(e: BoardEntry) => (
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
            )}
          </Virtualizer>
        </ListContext.Provider>
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
        // A card just mounted stays hidden until the list has measured it, and a hidden card takes
        // no focus: try again on the next frame until it does.
        card?.focus({ preventScroll: true });
        if (card && document.activeElement === card) card.scrollIntoView?.({ block: 'nearest' });
        else if (++frames < 30) cancel = requestAnimationFrame(tryFocus);
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
function useFreshCards(entries: readonly BoardEntry[], stateId: number, scrollTo: (index: number) => void, loading?: boolean) {
  const follow = useContext(FollowContext);
  const known = useRef<Map<string, number> | null>(null);
  const scroll = useRef(scrollTo);
  scroll.current = scrollTo;
  const [ids, setIds] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    // The first list (after loading) is what the board starts from: nothing in it "just arrived".
    if (loading) return;
    const now = new Map(entries.map((e, i) => [e.order.Id, i]));
    const before = known.current;
    known.current = now;
    if (!before) return;
    const added = [...now.keys()].filter((id) => !before.has(id));
    const followed = follow?.current;
    const target = followed && now.has(followed) && before.get(followed) !== now.get(followed) ? followed : stateId === ORDER_STATE.Pendente && added.length ? added[added.length - 1] : null;
    if (target) {
      if (target === followed) follow!.current = null;
      scroll.current(now.get(target)!);
    }
    if (added.length) setIds(new Set(added));
  }, [entries, stateId, follow, loading]);
  useEffect(() => {
    if (ids.size === 0) return;
    const t = setTimeout(() => setIds(NONE), FRESH_MS);
    return () => clearTimeout(t);
  }, [ids]);
  return { ids };
}
