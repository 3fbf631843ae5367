/**
 * Keeps the tablet's screen on while the board is monitoring (Screen Wake Lock), asking again when
 * the page becomes visible (the browser releases the lock when it is hidden), and brings the audio
 * back at the same moment.
 */
import { useEffect, useState } from 'react';
import { chime } from '../../../lib/chime';

export type WakeLockState = 'off' | 'on' | 'unsupported' | 'denied';

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', l: () => void): void;
}

export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('off');
  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    const wl = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }).wakeLock;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const request = async () => {
      if (!wl) {
        setState('unsupported');
        return;
      }
      try {
        const s = await wl.request('screen');
        if (stopped) {
          void s.release();
          return;
        }
        sentinel = s;
        setState('on');
        s.addEventListener('release', () => {
          if (!stopped) setState('off');
        });
      } catch {
        setState('denied');
      }
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      chime.resume();
      if (!sentinel || sentinel.released) void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, [active]);
  return state;
}
