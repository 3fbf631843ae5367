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
      startY = null;
      current = 0;
      setPull(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
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
