// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKFLOW_STATES, type DeliveryRules } from '../../../../shared/orders';
import { boardClock, reevaluationClock } from '../hooks/clock';
import { makeOrder } from '../testing/fixtures';
import { renderWithMantine } from '../testing/render';
import { Board } from './board';

const delivery: DeliveryRules = { useMeepDelivery: false, useOwnDelivery: false, deliveryTimePerOrder: false };
const noop = () => {};
const ringing = new Set<string>();
type Counts = Record<string, number>;
const g = globalThis as { __balcaoRenderCounts?: Counts };

/** jsdom lays nothing out: each column's list is 900 px tall and each card 300 px (3 in view). */
const VIEW_PX = 900;
const CARD_PX = 300;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00.000Z') });
  g.__balcaoRenderCounts = {};
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid?.startsWith('column-scroll-')) return VIEW_PX;
    return this.getAttribute('role') === 'listitem' ? CARD_PX : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('data-testid')?.startsWith('column-scroll-') ? VIEW_PX : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete g.__balcaoRenderCounts;
});

function renderBoard(count: number, createdAt = '2026-03-10T14:58:00.000Z') {
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
  return orders;
}

describe('one ticking clock', () => {
  it('re-renders only the timers when the time moves, not the cards, columns or board', () => {
    renderBoard(60);
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

  it('re-renders a card once when its age colour changes', () => {
    // Created 4:58 ago: turns yellow (5 min) after 2 s.
    renderBoard(3, '2026-03-10T14:55:02.000Z');
    const cardsBefore = g.__balcaoRenderCounts!.card;
    expect(screen.getAllByTestId('order-card').map((c) => c.getAttribute('data-age'))).toEqual(['ok', 'ok', 'ok']);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getAllByTestId('order-card').map((c) => c.getAttribute('data-age'))).toEqual(['warn', 'warn', 'warn']);
    expect(g.__balcaoRenderCounts!.card - cardsBefore).toBe(3);
  });

  it('mounts only the cards in view plus a few beyond, while the list tells its true size', () => {
    renderBoard(60);
    // 20 orders a column, 3 in view + 2 of overscan mounted in each.
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

  it('unsubscribes every timer when the board goes away', () => {
    renderBoard(10);
    expect(boardClock.size).toBeGreaterThan(0);
    cleanup();
    expect(boardClock.size).toBe(0);
    expect(reevaluationClock.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
