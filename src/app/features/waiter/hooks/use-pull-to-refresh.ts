/** Pull to refresh on a touch screen: a downward drag from the top of the page past the threshold calls onRefresh. */
import { useEffect, useState } from 'react';

const THRESHOLD_PX = 70;

export function usePullToRefresh(onRefresh: () => void): number {
  const [pull, setPull] = useState(0);
  useEffect(() => {
    let startY: number | null = null;
    let current = 0;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0].clientY : null;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      current = Math.max(0, Math.min(120, e.touches[0].clientY - startY));
      setPull(current);
    };
    const onEnd = () => {
      if (startY !== null && current >= THRESHOLD_PX) onRefresh();
      // Only a pull that moved sets state: a plain tap's touchend re-renders nothing (bench: table-bill).
      if (current !== 0) setPull(0);
      startY = null;
      current = 0;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    // Passive: none of them cancels the touch, so the browser never waits for them before it scrolls or taps.
    window.addEventListener('touchend', onEnd, { passive: true });
    window.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [onRefresh]);
  return pull;
}

export const PULL_THRESHOLD_PX = THRESHOLD_PX;
