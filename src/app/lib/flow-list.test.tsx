// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createRef, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResizeObservers } from './fake-resize-observer';
import { FlowList, rowsWithin, type FlowListHandle } from './flow-list';

describe('rowsWithin', () => {
  it('takes the rows whose box meets the window, measured heights first, else the estimate', () => {
    // Rows of 100 px: [0,100) [100,200) [200,300) …
    expect(rowsWithin(10, [], 100, 0, 250)).toEqual({ start: 0, end: 3 });
    // A row starting exactly at the window's end is out; one ending exactly at its start is out too.
    expect(rowsWithin(10, [], 100, 100, 300)).toEqual({ start: 1, end: 3 });
    // Measured: row 0 is 300 px tall, so the window [0, 250) holds it alone.
    expect(rowsWithin(10, [300], 100, 0, 250)).toEqual({ start: 0, end: 1 });
    // Past the end, and an empty list.
    expect(rowsWithin(3, [], 100, 500, 900)).toEqual({ start: 0, end: 0 });
    expect(rowsWithin(0, [], 100, 0, 900)).toEqual({ start: 0, end: 0 });
    // The window runs past the last row: up to the end.
    expect(rowsWithin(3, [], 100, 150, 900)).toEqual({ start: 1, end: 3 });
  });
});

/** The view is 300 px tall; every row `rowPx` (set by measure()). */
let rowPx = 100;
const observers = fakeResizeObservers((el) => (el.hasAttribute('data-row') ? rowPx : 300));
function measure(px = 100) {
  rowPx = px;
  act(() => observers.report());
}

function List({ count, keep, handle }: { count: number; keep?: number[]; handle?: React.Ref<FlowListHandle> }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={scrollRef} data-testid="scroll">
      <FlowList ref={handle} count={count} scrollRef={scrollRef} estimate={100} buffer={0} keep={keep} listProps={{ role: 'list', 'aria-label': 'Linhas' }}>
        {(r) => <span data-testid="item">linha {r}</span>}
      </FlowList>
    </div>
  );
}
const mountedRows = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[data-row]')].map((r) => Number(r.dataset.row));
const spacers = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[aria-hidden]')].map((s) => s.style.height);

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', observers.Observer);
  vi.stubGlobal('innerHeight', 450);
});
afterEach(() => {
  cleanup();
  observers.clear();
  vi.unstubAllGlobals();
});

describe('FlowList', () => {
  it('mounts the rows the window would hold at once, then those of its measured view, in flow between spacers', () => {
    const { container } = render(<List count={50} />);
    // Before anything is measured: the window's 450 px of 100 px estimates.
    expect(mountedRows(container)).toEqual([0, 1, 2, 3, 4]);
    expect(spacers(container)).toEqual(['4500px']);
    measure();
    // The view is 300 px: three rows, and the rest stands as one spacer of 47 rows.
    expect(mountedRows(container)).toEqual([0, 1, 2]);
    expect(spacers(container)).toEqual(['4700px']);
  });

  it('follows the scroll, standing the rows above for their measured height', () => {
    const { container, getByTestId } = render(<List count={50} />);
    measure(120);
    const scroll = getByTestId('scroll');
    act(() => {
      scroll.scrollTop = 700;
      scroll.dispatchEvent(new Event('scroll'));
    });
    // Rows 0–4 (the first render's) were measured at 120 px (600); row 5, never measured, counts as
    // their average (120): the view [700, 1000) meets rows 5 to 8, and the spacers stand for 0–4 and
    // 9–49 (41 rows of 120 px).
    expect(mountedRows(container)).toEqual([5, 6, 7, 8]);
    expect(spacers(container)).toEqual(['600px', '4920px']);
  });

  describe('measures the rows it mounts in the same commit, before any frame', () => {
    /** The browser's layout as jsdom does not do it: rows `px` tall, the view 300 px. */
    function layout(px: number) {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        return { top: 0, bottom: 0, height: this.hasAttribute('data-row') ? px : 0 } as DOMRect;
      });
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return this.dataset.testid === 'scroll' ? 300 : 0;
      });
    }
    afterEach(() => vi.restoreAllMocks());

    it('mounts fewer rows when they are taller than the estimate', () => {
      layout(150);
      const { container } = render(<List count={50} />);
      // No observer has reported. The first render mounted the window's 450 px of 100 px estimates
      // (rows 0–4); its layout effect measured them (150 px) and the view (300 px), and the list now
      // holds the two rows the view shows; the 48 others stand at the measured 150 px.
      expect(mountedRows(container)).toEqual([0, 1]);
      expect(spacers(container)).toEqual([`${48 * 150}px`]);
    });

    it('mounts more rows when they are shorter, and measures those too', () => {
      layout(40);
      const { container } = render(<List count={50} />);
      // 300 px of 40 px rows: rows 0–7 (the eighth starts at 280).
      expect(mountedRows(container)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(spacers(container)).toEqual([`${42 * 40}px`]);
    });
  });

  it('keeps the rows it is told to keep, with a spacer for each gap', () => {
    const { container } = render(<List count={50} keep={[10, 40]} />);
    measure();
    expect(mountedRows(container)).toEqual([0, 1, 2, 10, 40]);
    expect(spacers(container)).toEqual(['700px', '2900px', '900px']);
  });

  it('scrolls a row into view, mounting it first', () => {
    const handle = createRef<FlowListHandle>();
    const { container, getByTestId } = render(<List count={50} handle={handle} />);
    measure();
    const scroll = getByTestId('scroll');
    Object.defineProperty(scroll, 'clientHeight', { value: 300 });
    act(() => handle.current!.scrollToRow(30));
    // Row 30 spans [3000, 3100): its bottom edge meets the view's.
    expect(scroll.scrollTop).toBe(2800);
    expect(mountedRows(container)).toContain(30);
    expect(container.querySelector('[data-row="30"]')?.textContent).toBe('linha 30');
    // A row already above the view: its top meets the view's.
    act(() => handle.current!.scrollToRow(5));
    expect(scroll.scrollTop).toBe(500);
    expect(mountedRows(container)).toContain(5);
  });

  it('is no list when empty, and forgets nothing it was told when the count grows', () => {
    const { container, rerender } = render(<List count={0} />);
    expect(mountedRows(container)).toEqual([]);
    expect(spacers(container)).toEqual([]);
    rerender(<List count={2} />);
    expect(mountedRows(container)).toEqual([0, 1]);
    expect(container.querySelector('[role="list"]')?.getAttribute('aria-label')).toBe('Linhas');
  });
});
