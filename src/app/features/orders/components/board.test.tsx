// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKFLOW_STATES, type DeliveryRules } from '../../../../shared/orders';
import { boardClock, reevaluationClock } from '../hooks/clock';
import { makeOrder } from '../testing/fixtures';
import { renderWithMantine } from '../testing/render';
import { fakeResizeObservers } from '../../../lib/fake-resize-observer';
import { Board } from './board';

const delivery: DeliveryRules = { useMeepDelivery: false, useOwnDelivery: false, deliveryTimePerOrder: false };
const noop = () => {};
const ringing = new Set<string>();
type Counts = Record<string, number>;
const g = globalThis as { __balcaoRenderCounts?: Counts };

/**
 * jsdom lays nothing out and has no ResizeObserver: this one reports what a tablet would, each
 * column's list 900 px tall and each card 300 px (3 in view), when the test lets it (settle()).
 */
const VIEW_PX = 900;
const CARD_PX = 300;
// The lists' views, and their rows (one ticket each here: the test's board is narrow).
const observers = fakeResizeObservers((el) => (el.getAttribute('data-testid')?.startsWith('column-scroll-') ? VIEW_PX : el.hasAttribute('data-row') ? CARD_PX : 0));

/**
 * Lets the lists measure their view and the cards they mounted, as a browser would after layout, and
 * lets a frame pass (the rows beyond the view mount after the first cards are painted).
 */
async function settle(opts: { frames?: boolean } = {}) {
  const { frames = true } = opts;
  for (let i = 0; i < 4; i++) {
    await act(async () => {
      await Promise.resolve();
      observers.report();
      if (frames) {
        vi.advanceTimersToNextFrame();
        vi.advanceTimersByTime(0);
      }
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00.000Z') });
  g.__balcaoRenderCounts = {};
  vi.stubGlobal('ResizeObserver', observers.Observer);
});
afterEach(() => {
  cleanup();
  observers.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete g.__balcaoRenderCounts;
});

async function renderBoard(count: number, createdAt = '2026-03-10T14:58:00.000Z', settleOpts?: { frames?: boolean }) {
  // Timed states only (Pendente, Aceito, Em preparo), so every card has a timer.
  const orders = Array.from({ length: count }, (_, i) => makeOrder({ stateId: (i % 3) + 1, DataCriacao: createdAt }));
  renderWithMantine(
    <Board
      states={DEFAULT_WORKFLOW_STATES}
      visibleStateIds={[1, 2, 3, 4]}
      entries={orders.map((order) => ({ order, mark: null }))}
      delivery={delivery}
      ageWarnMinutes={5}
      ageLateMinutes={8}
      ringing={ringing}
      onAction={noop}
      onOpen={noop}
    />,
  );
  await settle(settleOpts);
  return orders;
}

describe('one ticking clock', () => {
  it('re-renders only the timers when the time moves, not the cards, columns or board', async () => {
    await renderBoard(60);
    const before = { ...g.__balcaoRenderCounts! };
    const mounted = screen.getAllByTestId('order-card').length;
    expect(boardClock.size).toBe(mounted); // one timer per mounted card on the one per-second clock
    expect(reevaluationClock.size).toBe(mounted); // one age selector per mounted card on the 5 s clock
    expect(vi.getTimerCount()).toBe(2);

    for (let i = 0; i < 5; i++) {
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
    }
    const after = g.__balcaoRenderCounts!;
    expect(after.timer - before.timer).toBe(5 * mounted);
    expect(after.card - before.card).toBe(0);
    expect(after.column - before.column).toBe(0);
    expect(after.board - before.board).toBe(0);
    expect(screen.getAllByRole('timer')[0].textContent).toBe('00:02:05');
  });

  it('re-renders a card once when its age colour changes', async () => {
    // Created 4:58 ago: turns yellow (5 min) after 2 s.
    await renderBoard(3, '2026-03-10T14:55:02.000Z');
    const cardsBefore = g.__balcaoRenderCounts!.card;
    expect(screen.getAllByTestId('order-card').map((c) => c.getAttribute('data-age'))).toEqual(['ok', 'ok', 'ok']);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    // Pendente and Aceito wait against the venue's 5 minutes; Em preparo against its preparation target (model/timers).
    expect(screen.getAllByTestId('order-card').map((c) => c.getAttribute('data-age'))).toEqual(['warn', 'warn', 'ok']);
    expect(g.__balcaoRenderCounts!.card - cardsBefore).toBe(2);
  });

  it('mounts only the cards in view plus a few beyond, while the list tells its true size', async () => {
    await renderBoard(60, undefined, { frames: false });
    // Before the first frame is painted: only the cards in each view (its 3 of 300 px in 900 px), not
    // the buffer below it.
    expect(screen.getAllByTestId('order-card')).toHaveLength(9);
    await settle();
    // 20 orders a column, one ticket a row (jsdom's board is 1008 px wide: a track per column).
    // Mounted in each: the 3 in view (900 px) and those starting in the 440 px buffer below it
    // (up to 1340 px): 5 of the 20.
    const lists = screen.getAllByRole('list', { name: /^Pedidos em / });
    expect(lists).toHaveLength(3);
    for (const list of lists) {
      const items = list.querySelectorAll('[role="listitem"]');
      expect(items).toHaveLength(5);
      expect([...items].map((i) => i.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4', '5']);
      for (const i of items) expect(i.getAttribute('aria-setsize')).toBe('20');
    }
    expect(screen.getAllByTestId('order-card')).toHaveLength(15);
    expect(screen.getByTestId('column-count-1').textContent).toBe('20');
  });

  it('unsubscribes every timer when the board goes away', async () => {
    await renderBoard(10);
    expect(boardClock.size).toBeGreaterThan(0);
    cleanup();
    expect(boardClock.size).toBe(0);
    expect(reevaluationClock.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('while the orders load', () => {
  it('lays the columns out saying so, and nothing in the first list counts as just arrived', async () => {
    const orders = Array.from({ length: 6 }, (_, i) => makeOrder({ stateId: (i % 3) + 1, DataCriacao: '2026-03-10T14:58:00.000Z' }));
    const props = { states: DEFAULT_WORKFLOW_STATES, visibleStateIds: [1, 2, 3, 4], delivery, ageWarnMinutes: 5, ageLateMinutes: 8, ringing, onAction: noop, onOpen: noop };
    const view = renderWithMantine(<Board {...props} entries={[]} loading />);
    await settle();
    expect(screen.getByTestId('order-board').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('region', { name: 'Pendente: carregando pedidos' })).toBeTruthy();
    expect(screen.getByTestId('column-count-1').textContent).toBe('…');
    expect(screen.getAllByText('Carregando pedidos…')).toHaveLength(4);
    expect(screen.queryAllByRole('list')).toHaveLength(0);

    view.rerender(<Board {...props} entries={orders.map((order) => ({ order, mark: null }))} />);
    await settle();
    expect(screen.getByTestId('order-board').getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('region', { name: 'Pendente: 2 pedidos' })).toBeTruthy();
    expect(screen.getAllByTestId('order-card')).toHaveLength(6);
    expect(screen.getAllByTestId('order-card').filter((c) => c.dataset.fresh === 'true')).toHaveLength(0);

    // An order that comes after the first list is outlined as new.
    const later = makeOrder({ stateId: 1, DataCriacao: '2026-03-10T14:59:00.000Z' });
    view.rerender(<Board {...props} entries={[...orders, later].map((order) => ({ order, mark: null }))} />);
    await settle();
    expect(screen.getAllByTestId('order-card').filter((c) => c.dataset.fresh === 'true').map((c) => c.dataset.orderId)).toEqual([later.Id]);
  });
});
