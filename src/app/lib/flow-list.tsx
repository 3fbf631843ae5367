import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useReducer, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from 'react';

/**
 * A virtual list whose mounted rows sit in normal flow, between two spacers that stand for the rows
 * out of sight (their measured heights, an estimate for those never drawn). Unlike a list that
 * positions each row absolutely and keeps it hidden until measured, the rows on screen are in place
 * and visible in the very frame they are mounted: the first screen needs no measuring pass.
 *
 * - A row is measured the moment it is mounted (in the commit's layout effect, its border box): when
 *   the view needs more rows than the estimate said, or fewer, the range is corrected in the same
 *   task, before the frame is painted. So the estimate need not be a lower bound: the first screen
 *   mounts what it holds, not what the shortest ticket would need.
 * - After that, one ResizeObserver keeps the heights (a row's height is kept by its index) and the
 *   list's view (the scroll element's height); before the view is known, the window's height stands
 *   for it.
 * - A row never measured counts as the average of those measured, else as `estimate`.
 * - Mounted: the rows within `buffer` px of the view, the rows in `keep`, and a row being scrolled to.
 * - The browser's scroll anchoring keeps the rows in sight still when rows above change height.
 * - `scrollToRow` brings a row into view (the nearest edge), mounting it first if it was not.
 */
export interface FlowListHandle {
  scrollToRow(row: number): void;
}

export interface FlowListProps {
  /** Rows in the list. */
  count: number;
  /** The element that scrolls (the list is its first child). */
  scrollRef: RefObject<HTMLElement | null>;
  /** Height of a row before any row is measured, in px (a typical row). */
  estimate: number;
  /** Mounted beyond each end of the view, in px. */
  buffer: number;
  /** Rows mounted whatever the scroll. */
  keep?: readonly number[];
  /** Measured heights are forgotten when this changes (rows regrouped). */
  layoutKey?: unknown;
  /** The list element's own attributes (role, aria-label…). */
  listProps?: HTMLAttributes<HTMLDivElement>;
  /** Every row element's class (each row element is `role="none"` and carries `data-row`). */
  rowClassName?: string;
  children: (row: number) => ReactNode;
}

interface Range {
  start: number;
  end: number;
}

/** The rows whose box meets [lo, hi): each row's height is its measured one, else the estimate. */
export function rowsWithin(count: number, heights: readonly (number | undefined)[], estimate: number, lo: number, hi: number): Range {
  let y = 0;
  let start = count;
  let end = count;
  for (let r = 0; r < count; r++) {
    const h = heights[r] ?? estimate;
    if (start === count && y + h > lo) start = r;
    if (y >= hi) {
      end = r;
      break;
    }
    y += h;
  }
  return start >= end ? { start: 0, end: 0 } : { start, end };
}

function heightOf(heights: readonly (number | undefined)[], estimate: number, from: number, to: number): number {
  let sum = 0;
  for (let r = from; r < to; r++) sum += heights[r] ?? estimate;
  return sum;
}

export const FlowList = forwardRef<FlowListHandle, FlowListProps>(function FlowList({ count, scrollRef, estimate, buffer, keep, layoutKey, listProps, rowClassName, children }, ref) {
  const heights = useRef<(number | undefined)[]>([]);
  /** Sum and number of the measured heights: a row never measured counts as their average. */
  const measured = useRef({ sum: 0, n: 0 });
  const keyRef = useRef(layoutKey);
  if (keyRef.current !== layoutKey) {
    keyRef.current = layoutKey;
    heights.current = [];
    measured.current = { sum: 0, n: 0 };
  }
  const setHeight = (row: number, px: number) => {
    const before = heights.current[row];
    if (before === px) return false;
    heights.current[row] = px;
    measured.current.sum += px - (before ?? 0);
    if (before === undefined) measured.current.n += 1;
    return true;
  };
  const unmeasured = () => (measured.current.n ? measured.current.sum / measured.current.n : estimate);
  // Until the view is measured, the window's height stands for it.
  const view = useRef({ top: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight, known: false });
  const [target, setTarget] = useState<number | null>(null);
  const [version, refresh] = useReducer((n: number) => n + 1, 0);

  const compute = useCallback(
    () => rowsWithin(count, heights.current, unmeasured(), view.current.top - buffer, view.current.top + view.current.height + buffer),
    [count, estimate, buffer],
  );
  // `version` moves when the view or the heights moved the range (update below).
  const range = useMemo(() => compute(), [compute, version]);
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const update = useRef(() => {});
  update.current = () => {
    const next = compute();
    if (next.start !== rangeRef.current.start || next.end !== rangeRef.current.end) refresh();
  };

  // One observer for the view and the rows: it reports after layout, before the frame is painted.
  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          for (const e of entries) {
            const el = e.target as HTMLElement;
            const size = e.borderBoxSize?.[0]?.blockSize ?? e.contentRect.height;
            if (el === scrollRef.current) {
              view.current.height = e.contentRect.height;
              view.current.known = true;
            }
            else if (el.dataset.row !== undefined && el.isConnected && size > 0) setHeight(Number(el.dataset.row), size);
          }
          update.current();
        }),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const observeRow = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !observer) return;
      observer.observe(el);
      return () => observer.unobserve(el);
    },
    [observer],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    observer?.observe(el);
    const onScroll = () => {
      view.current.top = el.scrollTop;
      update.current();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.unobserve(el);
    };
  }, [scrollRef, observer]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToRow(row: number) {
        const el = scrollRef.current;
        if (!el || row < 0 || row >= count) return;
        const top = heightOf(heights.current, unmeasured(), 0, row);
        const bottom = top + (heights.current[row] ?? unmeasured());
        if (top < el.scrollTop) el.scrollTop = top;
        else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
        view.current.top = el.scrollTop;
        setTarget(row);
        refresh();
      },
    }),
    [scrollRef, count, estimate],
  );

  // The row scrolled to is mounted now: put it exactly in view (its neighbours' estimates may have
  // placed it off), then let it go.
  const listRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (target === null) return;
    const el = scrollRef.current;
    const row = listRef.current?.querySelector<HTMLElement>(`:scope > [data-row="${target}"]`);
    if (el && row) {
      const box = el.getBoundingClientRect();
      const at = row.getBoundingClientRect();
      if (at.top < box.top) el.scrollTop += at.top - box.top;
      else if (at.bottom > box.bottom) el.scrollTop += Math.min(at.bottom - box.bottom, at.top - box.top);
      view.current.top = el.scrollTop;
    }
    // The range from where the view now is (the spacers stand for exactly the heights it adds up),
    // in the same render that lets the row go.
    update.current();
    setTarget(null);
  }, [target, scrollRef]);

  // Rows mounted by this commit are measured now: the layout this forces is the one the coming frame
  // would do anyway. If their real heights change the range (the view holds more rows than the
  // estimate said, or fewer), the range is corrected before this task ends, so no frame shows a view
  // short of rows or mounts rows it does not need. Rows not laid out (height 0) wait for the observer.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let changed = false;
    const el = scrollRef.current;
    if (!view.current.known && el && el.clientHeight > 0) {
      view.current.height = el.clientHeight;
      view.current.known = true;
      changed = true;
    }
    for (const child of list.children) {
      const row = (child as HTMLElement).dataset.row;
      if (row === undefined || heights.current[Number(row)] !== undefined) continue;
      const px = child.getBoundingClientRect().height;
      if (px > 0) changed = setHeight(Number(row), px) || changed;
    }
    if (changed) update.current();
  });

  const mounted = useMemo(() => {
    const rows = new Set<number>();
    for (let r = range.start; r < Math.min(range.end, count); r++) rows.add(r);
    for (const r of keep ?? []) if (r < count) rows.add(r);
    if (target !== null && target < count) rows.add(target);
    return [...rows].sort((a, b) => a - b);
  }, [range, keep, target, count]);

  const out: ReactNode[] = [];
  const fallback = unmeasured();
  let next = 0;
  for (const r of mounted) {
    if (r > next) out.push(<div key={`gap-${next}`} aria-hidden style={{ height: heightOf(heights.current, fallback, next, r) }} />);
    out.push(
      <div key={r} ref={observeRow} role="none" data-row={r} className={rowClassName}>
        {children(r)}
      </div>,
    );
    next = r + 1;
  }
  if (next < count) out.push(<div key="gap-end" aria-hidden style={{ height: heightOf(heights.current, fallback, next, count) }} />);

  return (
    <div ref={listRef} {...listProps}>
      {out}
    </div>
  );
});
