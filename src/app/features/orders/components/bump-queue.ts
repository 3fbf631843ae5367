/**
 * A bump bar presses Enter faster than the board moves a ticket and hands the focus on: the press
 * lands on the ticket just bumped (still on screen until React redraws) or on the page (the ticket
 * has left, the next one has not taken the focus yet). Without this, such a press is lost or bumps
 * the same order twice. Here each of them waits in a queue and bumps the ticket that takes the
 * focus next, one per press: N presses move N orders.
 *
 * A press that opened a dialog (the carrier's, the delivery choice, the drawer) bumped nothing: the
 * focus left the board for the dialog, and that forgets the press. Otherwise the next Enter on the
 * same ticket, once the dialog closed, would be taken for the bump bar's double press and swallowed
 * (and bumped the next ticket to take the focus).
 */
import { useEffect, type RefObject } from 'react';

/** How long after a bump a press that finds no new ticket focused still counts as a bump bar's. */
const HOLD_MS = 2_000;

const cardOf = (el: EventTarget | null): HTMLElement | null => (el instanceof HTMLElement && el.dataset.testid === 'order-card' ? el : null);

/** Enter as the card listens to it (see OrderCard): dispatched on the card, it runs its main action. */
const pressEnter = (card: HTMLElement) => card.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

export function useBumpQueue(boardRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const board = boardRef.current;
    if (!board) return;
    /** The order the last press bumped, until another ticket takes the focus. */
    let bumped: { id: string; at: number } | null = null;
    let queued = 0;
    const recent = () => bumped !== null && performance.now() - bumped.at < HOLD_MS;
    const hold = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      queued++;
    };
    // Capture: before the card's own handler, which would bump the same order again.
    const onBoardKey = (e: KeyboardEvent) => {
      if (e.key.startsWith('Arrow')) {
        // Moving by hand: nothing waiting is meant for the ticket the arrows reach.
        queued = 0;
        bumped = null;
        return;
      }
      if (e.key !== 'Enter' || e.repeat) return;
      const card = cardOf(e.target);
      if (!card) return;
      const id = card.dataset.orderId ?? '';
      if (recent() && bumped!.id === id) return hold(e);
      bumped = { id, at: performance.now() };
    };
    // The ticket has left and the next one is not focused yet: the press goes to the page.
    const onPageKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.repeat || !recent()) return;
      const active = document.activeElement;
      if (active && active !== document.body && active !== board) return;
      hold(e);
    };
    const onFocusIn = (e: FocusEvent) => {
      const card = cardOf(e.target);
      if (!card || queued === 0 || card.dataset.orderId === bumped?.id) return;
      if (!recent()) {
        // Presses that found nothing to bump (a ticket without an action) are not kept for later.
        queued = 0;
        return;
      }
      queued--;
      bumped = null;
      // After the focus event has run its course (the board's own focus handlers first).
      setTimeout(() => {
        if (document.activeElement === card) pressEnter(card);
        else queued++;
      }, 0);
    };
    // The focus went somewhere outside the board (a dialog, the bar): the last press opened it.
    const onPageFocus = (e: FocusEvent) => {
      const t = e.target;
      if (t instanceof Node && t !== document.body && !board.contains(t)) {
        queued = 0;
        bumped = null;
      }
    };
    board.addEventListener('keydown', onBoardKey, true);
    document.addEventListener('keydown', onPageKey);
    board.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusin', onPageFocus);
    return () => {
      board.removeEventListener('keydown', onBoardKey, true);
      document.removeEventListener('keydown', onPageKey);
      board.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusin', onPageFocus);
    };
  }, [boardRef]);
}
