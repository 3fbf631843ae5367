import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Order, WorkflowState } from '../../../../shared/contract/orders';
import type { BoardAction, DeliveryRules } from '../../../../shared/orders';
import { countRender } from '../model/render-count';
import { sortForColumn } from '../model/stations';
import type { CardStationProps } from './order-card';
import { BoardColumn, FOCUS_INDEX_EVENT, FollowContext, type BoardEntry } from './board-column';
import classes from './board.module.css';
import { boardLayout } from './board-layout';
import { useBumpQueue } from './bump-queue';

export interface BoardProps {
  /** Workflow states in display order. */
  states: ReadonlyArray<Pick<WorkflowState, 'Id' | 'Name' | 'BackgroundColor'>>;
  /** States the filter checked (empty: all). Columns of other states appear only while they hold a card. */
  visibleStateIds: readonly number[];
  entries: BoardEntry[];
  /** True totals of paged columns (finished states), when the board holds only a page of them. */
  totals?: ReadonlyMap<number, number>;
  delivery: DeliveryRules;
  ageWarnMinutes: number;
  ageLateMinutes: number;
  ringing: ReadonlySet<string>;
  /** Card density (remembered per device by the page). */
  density?: BoardDensity;
  /** The orders are still on their way: the columns are laid out, saying so, before they arrive. */
  loading?: boolean;
  /** The order this tablet acts on, followed into its new place (see FollowContext); the page's, so the drawer's actions follow too. */
  follow?: React.RefObject<string | null>;
  /** The browser refuses the chime: calling tickets flash harder (the sound overlay is over the board). */
  silent?: boolean;
  onAction: (action: BoardAction, order: Order) => void;
  onOpen: (order: Order) => void;
}

export type BoardStationProps = CardStationProps;

/** The board: one column per workflow state; oldest orders first in each column. */
export type BoardDensity = 'compact' | 'comfortable';

/**
 * Sets the board's height to what is left of the window below it (the columns scroll, the page does
 * not) and reports its width (the columns share it by their orders, see board-layout).
 */
function useFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  // Until measured: the window's width less the page's margins (close enough for the first pass).
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth - 16));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const h = `${Math.max(320, Math.floor(window.innerHeight - top - 6))}px`;
      if (el.style.height !== h) el.style.height = h;
      const w = el.clientWidth;
      if (w > 0) setWidth(w);
    };
    fit();
    window.addEventListener('resize', fit);
    // Banners and the filters above it come and go: refit when the content above changes size.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (el.parentElement) ro?.observe(el.parentElement);
    return () => {
      window.removeEventListener('resize', fit);
      ro?.disconnect();
    };
  }, []);
  return { ref, width };
}

export const Board = memo(function Board({ states, visibleStateIds, entries, totals, density = 'compact', loading, silent, follow: followProp, onAction, onRush, ...rest }: BoardProps & CardStationProps) {
  countRender('board');
  const { ref, width } = useFillHeight();
  useBumpQueue(ref);
  // The card this tablet acts on is followed into its new place (see FollowContext).
  const ownFollow = useRef<string | null>(null);
  const follow = followProp ?? ownFollow;
  const act = useCallback(
    (action: BoardAction, order: Order) => {
      follow.current = order.Id;
      onAction(action, order);
    },
    [onAction, follow],
  );
  const rush = useMemo(
    () =>
      onRush &&
      ((order: Order) => {
        follow.current = order.Id;
        onRush(order);
      }),
    [onRush],
  );
  const columns = useMemo(() => {
    const byState = new Map<number, BoardEntry[]>();
    for (const e of entries) {
      const id = e.order.WorkflowInstance.CurrenteState.Id;
      const list = byState.get(id);
      if (list) list.push(e);
      else byState.set(id, [e]);
    }
    // Rushed orders first, then oldest first.
    for (const list of byState.values()) sortForColumn(list, (e) => e.order);
    const known = new Set(states.map((s) => s.Id));
    const cols = states
      .filter((s) => visibleStateIds.length === 0 || visibleStateIds.includes(s.Id) || byState.has(s.Id))
      .map((s) => ({ state: s, entries: byState.get(s.Id) ?? [] }));
    // A state the workflow list does not know yet (still loading): a column from the order itself.
    for (const [id, list] of byState) {
      if (!known.has(id)) cols.push({ state: list[0].order.WorkflowInstance.CurrenteState, entries: list });
    }
    return cols;
  }, [states, visibleStateIds, entries]);
  // Below 560 px the columns stack (one under another, each a single track).
  const layout = useMemo(() => (width < 560 ? null : boardLayout(columns.map((c) => c.entries.length), width, loading)), [columns, width, loading]);

  return (
    <FollowContext.Provider value={follow}>
      {/* tabIndex -1: where the focus goes when a bump empties the last column holding tickets. */}
      <div
        ref={ref}
        className={classes.board}
        data-testid="order-board"
        data-density={density}
        aria-busy={loading || undefined}
        data-silent={silent || undefined}
        tabIndex={-1}
        style={layout ? { gridTemplateColumns: layout.template } : undefined}
        onKeyDown={moveFocus}
        onFocus={settleMove}
        onPointerDown={dropMove}
      >
        {columns.map((c, i) => (
          <BoardColumn key={c.state.Id} state={c.state} entries={c.entries} total={totals?.get(c.state.Id)} loading={loading} tracks={layout ? layout.tracks[i] : 1} narrow={layout?.narrow[i] ?? false} onAction={act} onRush={rush} {...rest} />
        ))}
      </div>
    </FollowContext.Provider>
  );
});

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
/** How many cards a column holds (mounted or not: the columns are virtualized). */
const sizeOf = (col: Element) => Number((col as HTMLElement).dataset.count ?? 0);

/**
 * Keyboard and bump-bar control: arrows move between cards (up/down in a column, left/right to the
 * card at the same position in the next column that has cards); Enter on a card runs its main
 * action. Positions, not mounted cards: the target column scrolls to the card and focuses it.
 */
function moveFocus(e: React.KeyboardEvent<HTMLDivElement>) {
  if (!ARROWS.has(e.key)) return;
  const card = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="order-card"]');
  // Only when a card itself has the focus: inside it, arrows belong to its controls.
  if (!card || card !== e.target) return;
  const cols = [...e.currentTarget.querySelectorAll('section[data-testid^="column-"]')];
  const slot = card.closest<HTMLElement>('[data-index]');
  const here = card.closest('section');
  if (!here || !slot) return;
  // A bump bar presses faster than a far card mounts: count from the move still on its way, not
  // from the card that has not lost the focus yet, so no press is lost.
  const inFlight = pendingMove.get(e.currentTarget);
  const fresh = inFlight && performance.now() - inFlight.at < PENDING_MOVE_MS ? inFlight : null;
  const col = fresh?.col ?? here;
  const i = fresh?.index ?? Number(slot.dataset.index);
  let target: { col: Element; index: number } | null = null;
  if (e.key === 'ArrowDown' && i + 1 < sizeOf(col)) target = { col, index: i + 1 };
  else if (e.key === 'ArrowUp' && i > 0) target = { col, index: i - 1 };
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
    const step = e.key === 'ArrowRight' ? 1 : -1;
    for (let c = cols.indexOf(col) + step; c >= 0 && c < cols.length && !target; c += step) {
      const n = sizeOf(cols[c]);
      if (n) target = { col: cols[c], index: Math.min(i, n - 1) };
    }
  }
  if (!target) return;
  e.preventDefault();
  pendingMove.set(e.currentTarget, { ...target, at: performance.now() });
  target.col.dispatchEvent(new CustomEvent(FOCUS_INDEX_EVENT, { detail: target.index }));
}

/** The arrow move each board has asked for and whose card has not taken the focus yet. */
const pendingMove = new WeakMap<Element, { col: Element; index: number; at: number }>();
const PENDING_MOVE_MS = 1_500;

/** The move has landed: later arrows count from the focused card again. */
function settleMove(e: React.FocusEvent<HTMLDivElement>) {
  const inFlight = pendingMove.get(e.currentTarget);
  const slot = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
  if (inFlight && slot && slot.closest('section') === inFlight.col && Number(slot.dataset.index) === inFlight.index) pendingMove.delete(e.currentTarget);
}

/** A touch or click chooses the card itself: no move in flight counts any more. */
function dropMove(e: React.PointerEvent<HTMLDivElement>) {
  pendingMove.delete(e.currentTarget);
}
