import { createContext, memo, useCallback, useContext, useLayoutEffect, useMemo, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { FlowList, type FlowListHandle } from '../../../lib/flow-list';
import { whenIdle } from '../../../lib/idle';
import { ORDER_STATE } from '../../../../shared/orders';
import type { Order, WorkflowState } from '../../../../shared/contract/orders';
import type { BoardAction, DeliveryRules } from '../../../../shared/orders';
import { readableTextOn } from '../model/board-rules';
import type { PendingMark } from '../model/commands';
import { countRender } from '../model/render-count';
import classes from './board.module.css';
import hidden from '../../../components/visually-hidden.module.css';
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
  /** Tickets side by side in this column (see board-layout); 0: an empty column drawn as a narrow strip. */
  tracks?: number;
  /** Its tickets are narrow (see board-layout): their type tightens. */
  narrow?: boolean;
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

/**
 * A row's height before any is measured: a ticket of one or two items in the default density. The list
 * measures the rows it mounts before the frame is painted and mounts more (or fewer) at once, so this
 * only needs to be typical: close to real tickets, the first render mounts what the view holds.
 */
const ESTIMATE_PX = 200;
/** Mounted beyond each end of the column's visible part: about two cards' height, so the cards next
 * to the one in sight (a bump bar's next press, the order before a new one) are there at once. */
const BUFFER_PX = 440;

/** One ticket's place in the list: it says its position in the whole list (the rows out of sight are not mounted). */
function Slot({ index, size, children }: { index: number; size: number; children: ReactNode }) {
  return (
    <div role="listitem" aria-setsize={size} aria-posinset={index + 1} data-index={index} className={classes.slot}>
      {children}
    </div>
  );
}

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
  tracks: trackCount = 1,
  narrow = false,
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

  const tracks = Math.max(1, trackCount);
  const strip = trackCount === 0 && entries.length === 0 && !loading;
  const rowCount = Math.ceil(entries.length / tracks);
  const tracksRef = useRef(tracks);
  tracksRef.current = tracks;

  const list = useRef<FlowListHandle>(null);
  // Positions are tickets; the list scrolls by rows (oldest first, across then down).
  const scrollTo = useCallback((i: number) => list.current?.scrollToRow(Math.floor(i / tracksRef.current)), []);
  const fresh = useFreshCards(entries, scrollTo, loading);
  const unseen = useUnseenArrivals(scrollRef, entries, fresh.ids);
  const buffer = useBufferAfterFirstPaint(loading || entries.length === 0);
  // Kept mounted whatever the scroll: the rows of the focused ticket and of the ones that just arrived.
  const keep = useMemo(() => {
    const out = new Set<number>();
    entries.forEach((e, i) => {
      if (i === focused || fresh.ids.has(e.order.Id)) out.add(Math.floor(i / tracks));
    });
    return [...out];
  }, [entries, focused, fresh.ids, tracks]);

  useFocusIndexEvent(sectionRef, scrollRef, scrollTo);
  useFocusStaysOnBoard(sectionRef, entries);
  useBackToTop(scrollRef, state.Id === ORDER_STATE.Pendente);
  const size = entries.length;
  // Empty, it is no list (the column says "Nenhum pedido").
  const listProps = useMemo(() => (size ? { role: 'list', 'aria-label': `Pedidos em ${state.Name}` } : {}), [size, state.Name]);

  return (
    <section ref={sectionRef} className={classes.column} style={{ '--tracks': tracks } as CSSProperties} data-strip={strip || undefined} data-tracks={tracks} data-narrow={narrow || undefined} aria-label={loading ? `${state.Name}: carregando pedidos` : `${state.Name}: ${count} ${count === 1 ? 'pedido' : 'pedidos'}`} data-testid={`column-${state.Id}`} data-count={entries.length}>
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
        {entries.length === 0 && <p className={strip ? hidden.visuallyHidden : classes.emptyColumn}>{loading ? 'Carregando pedidos…' : 'Nenhum pedido'}</p>}
        <FlowList ref={list} count={rowCount} scrollRef={scrollRef} estimate={ESTIMATE_PX} buffer={buffer} keep={keep} layoutKey={tracks} listProps={listProps} rowClassName={classes.row}>
          {(r) =>
            entries.slice(r * tracks, r * tracks + tracks).map((e, j) => (
              <Slot key={e.order.Id} index={r * tracks + j} size={size}>
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
              </Slot>
            ))
          }
        </FlowList>
      </div>
      {unseen.count > 0 && (
        // A new order out of sight says so at the column's visible edge; one tap scrolls to it.
        <button type="button" className={classes.newChip} data-edge={unseen.above ? 'top' : 'bottom'} onClick={() => unseen.show(scrollTo)} data-testid={`new-orders-${state.Id}`}>
          {unseen.count === 1 ? '1 pedido novo' : `${unseen.count} pedidos novos`} <span aria-hidden>{unseen.above ? '↑' : '↓'}</span>
        </button>
      )}
    </section>
  );
});

/**
 * The rows beyond the view (BUFFER_PX) mount once the first cards are painted: the first frames with
 * orders mount only the cards in sight (and reveal them once measured), and the buffer follows in the
 * first idle moment after them (before anyone can press a key or scroll), so the board is drawn sooner
 * without losing the buffer's purpose. Where the browser has no idle callback (Safari), a short timer.
 */
function useBufferAfterFirstPaint(waiting: boolean | undefined): number {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || waiting) return;
    return whenIdle(() => setReady(true), BUFFER_LATEST_MS, BUFFER_FALLBACK_MS);
  }, [ready, waiting]);
  return ready ? BUFFER_PX : 0;
}
/** The buffer mounts by then even if the tablet is never idle. */
const BUFFER_LATEST_MS = 300;
const BUFFER_FALLBACK_MS = 60;

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
        // A card out of sight mounts once the list has re-rendered around it: try again on the
        // next frame until it is there.
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

/**
 * A bump (Enter on a ticket, a bump bar) sends the focused ticket to the next column, and another
 * tablet can take it too: its element leaves this column. The focus then goes to the ticket now in
 * its place (the next one of the column), or to the column's last, or, when the column is empty, to
 * the first ticket of the board (else the board itself). It never falls out of the board, so the
 * next press of the bump bar bumps the next order.
 */
function useFocusStaysOnBoard(sectionRef: RefObject<HTMLElement | null>, entries: readonly BoardEntry[]) {
  const last = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const onIn = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      const card = target.closest<HTMLElement>('[data-testid="order-card"]');
      const slot = card?.closest<HTMLElement>('[data-index]');
      last.current = card && slot ? { id: card.dataset.orderId ?? '', index: Number(slot.dataset.index) } : null;
    };
    // Only a move to something else forgets it (an element taken out of the page may report a blur to nowhere).
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget && !section.contains(e.relatedTarget as Node)) last.current = null;
    };
    section.addEventListener('focusin', onIn);
    section.addEventListener('focusout', onOut);
    return () => {
      section.removeEventListener('focusin', onIn);
      section.removeEventListener('focusout', onOut);
    };
  }, [sectionRef]);
  useLayoutEffect(() => {
    const was = last.current;
    const section = sectionRef.current;
    if (!was || !section) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    last.current = null;
    const now = entries.findIndex((e) => e.order.Id === was.id);
    if (entries.length) {
      section.dispatchEvent(new CustomEvent(FOCUS_INDEX_EVENT, { detail: now >= 0 ? now : Math.min(was.index, entries.length - 1) }));
      return;
    }
    const board = section.closest<HTMLElement>('[data-testid="order-board"]');
    (board?.querySelector<HTMLElement>('[data-testid="order-card"]') ?? board)?.focus({ preventScroll: true });
  }, [entries, sectionRef]);
}

/**
 * The Pendente column goes back to its top a while after a cook scrolled it down and left it: the
 * oldest waiting order, and its "Aceitar", are what a kitchen must always see.
 */
function useBackToTop(scrollRef: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = scrollRef.current;
    if (!enabled || !el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (el.scrollTop > 0 && !el.contains(document.activeElement)) el.scrollTo({ top: 0 });
        else if (el.scrollTop > 0) arm();
      }, BACK_TO_TOP_MS);
    };
    el.addEventListener('scroll', arm, { passive: true });
    el.addEventListener('focusout', arm);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('scroll', arm);
      el.removeEventListener('focusout', arm);
    };
  }, [scrollRef, enabled]);
}
const BACK_TO_TOP_MS = 30_000;

const NONE: ReadonlySet<string> = new Set();

/**
 * New orders that joined this column out of its view (a busy column: a new Pendente ticket lands at
 * the bottom, below the fold): counted until each is seen (scrolled into view, or the chip tapped).
 */
function useUnseenArrivals(scrollRef: RefObject<HTMLElement | null>, entries: readonly BoardEntry[], fresh: ReadonlySet<string>) {
  const [unseen, setUnseen] = useState<{ ids: readonly string[]; above: boolean }>({ ids: [], above: false });
  const pending = useRef<Set<string>>(new Set());
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const view = el.getBoundingClientRect();
    let above = false;
    const ids: string[] = [];
    const present = new Set(entriesRef.current.map((e) => e.order.Id));
    for (const id of pending.current) {
      if (!present.has(id)) {
        pending.current.delete(id);
        continue;
      }
      const card = el.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${id.replace(/["\\]/g, '\\$&')}"]`);
      const r = card?.getBoundingClientRect();
      // Seen: at least its top part (the code and timer) inside the column's view.
      if (r && r.height > 0 && r.top >= view.top - 1 && r.top + Math.min(r.height, 48) <= view.bottom + 1) {
        pending.current.delete(id);
        continue;
      }
      if (r && r.bottom <= view.top) above = true;
      ids.push(id);
    }
    setUnseen((u) => (u.ids.length === ids.length && u.ids.every((x, i) => x === ids[i]) && u.above === above ? u : { ids, above }));
  }, [scrollRef]);
  useEffect(() => {
    if (fresh.size === 0) return;
    for (const id of fresh) pending.current.add(id);
    // After the new cards are mounted and measured.
    let raf = requestAnimationFrame(() => (raf = requestAnimationFrame(check)));
    return () => cancelAnimationFrame(raf);
  }, [fresh, check]);
  useEffect(() => {
    if (pending.current.size) check();
  }, [entries, check]);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      if (pending.current.size) check();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollRef, check]);
  const show = useCallback(
    (scrollTo: (i: number) => void) => {
      const first = unseen.ids[0];
      const i = entriesRef.current.findIndex((e) => e.order.Id === first);
      if (i >= 0) scrollTo(i);
      // The list settles over a few frames (rows measured as they mount): check once it has.
      let n = 0;
      const again = () => {
        check();
        if (++n < 10 && pending.current.has(first)) requestAnimationFrame(again);
      };
      requestAnimationFrame(again);
    },
    [unseen.ids, check],
  );
  return { count: unseen.ids.length, above: unseen.above, show };
}
const FRESH_MS = 8_000;

/**
 * Cards that just joined this column are outlined for a few seconds; the card this tablet just acted
 * on is scrolled into view wherever it lands (FollowContext).
 */
function useFreshCards(entries: readonly BoardEntry[], scrollTo: (index: number) => void, loading?: boolean) {
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
    // A new Pendente order joins the bottom of its column (oldest first) and is not scrolled to:
    // the oldest waiting order stays in sight. It is outlined, the chime calls, the bar counts it.
    const target = followed && now.has(followed) && before.get(followed) !== now.get(followed) ? followed : null;
    if (target) {
      follow!.current = null;
      scroll.current(now.get(target)!);
    }
    if (added.length) setIds(new Set(added));
  }, [entries, follow, loading]);
  useEffect(() => {
    if (ids.size === 0) return;
    const t = setTimeout(() => setIds(NONE), FRESH_MS);
    return () => clearTimeout(t);
  }, [ids]);
  return { ids };
}
