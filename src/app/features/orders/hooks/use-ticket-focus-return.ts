/**
 * A bump bar has no mouse to recover with: a dialog or the drawer opened from a ticket gives the
 * focus back to that ticket when it closes, or, when the ticket moved on (the dialog's command sent
 * it to another column, or another tablet took it), to the ticket now in its place in the column it
 * left (the next one), so the next Enter bumps the next order.
 *
 * Mantine's own focus return brings it back when the ticket's element is still in the page; this
 * covers the rest (the element left its column, and the focus fell to the page's body).
 */
import { useLayoutEffect, useRef } from 'react';
import { FOCUS_INDEX_EVENT } from '../components/board-column';

interface Origin {
  id: string;
  column: string;
  index: number;
}

/** How long (frames) the closing dialog may keep the focus before the board takes it back. */
const MAX_FRAMES = 90;

function originOf(el: Element | null): Origin | null {
  const card = el?.closest<HTMLElement>('[data-testid="order-card"]');
  const column = card?.closest<HTMLElement>('section[data-testid^="column-"]');
  const slot = card?.closest<HTMLElement>('[data-index]');
  return card && column ? { id: card.dataset.orderId ?? '', column: column.dataset.testid ?? '', index: Number(slot?.dataset.index ?? 0) } : null;
}

export function useTicketFocusReturn(open: boolean): void {
  const origin = useRef<Origin | null>(null);
  // The ticket last focused (by keys, or a tap on one of its buttons): what a dialog was opened from.
  const lastTicket = useRef<Origin | null>(null);
  useLayoutEffect(() => {
    const onIn = (e: FocusEvent) => {
      const o = originOf(e.target as Element);
      if (o) lastTicket.current = o;
    };
    document.addEventListener('focusin', onIn);
    return () => document.removeEventListener('focusin', onIn);
  }, []);
  useLayoutEffect(() => {
    if (open) {
      origin.current = originOf(document.activeElement) ?? lastTicket.current;
      return;
    }
    const was = origin.current;
    origin.current = null;
    if (!was) return;
    let frames = 0;
    let raf = 0;
    const tick = () => {
      const active = document.activeElement as HTMLElement | null;
      const settled = active && active !== document.body && active.isConnected && !active.closest('[role="dialog"]');
      if (settled) return;
      // Still in the closing dialog (its transition): wait; fallen to the body: place it now.
      if (active && active !== document.body && active.closest('[role="dialog"]') && ++frames < MAX_FRAMES) {
        raf = requestAnimationFrame(tick);
        return;
      }
      const board = document.querySelector<HTMLElement>('[data-testid="order-board"]');
      if (!board) return;
      const section = board.querySelector<HTMLElement>(`section[data-testid="${was.column}"]`);
      const same = section?.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${was.id.replace(/["\\]/g, '\\$&')}"]`);
      if (same) {
        same.focus({ preventScroll: true });
        same.scrollIntoView?.({ block: 'nearest' });
        return;
      }
      const count = Number(section?.dataset.count ?? 0);
      if (section && count > 0) section.dispatchEvent(new CustomEvent(FOCUS_INDEX_EVENT, { detail: Math.min(was.index, count - 1) }));
      else (board.querySelector<HTMLElement>('[data-testid="order-card"]') ?? board).focus({ preventScroll: true });
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [open]);
}
