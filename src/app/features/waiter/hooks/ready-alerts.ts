/**
 * A ready order calls the waiter: the chime (lib/chime, the board's sound and its
 * window.__balcaoAudio test hook) and a vibration where the phone allows it, when it becomes ready
 * and again every WAITER_READY_REPEAT_MS until someone taps "Entregue à mesa". Browsers unlock audio
 * on the first touch (howler's autoUnlock); until then the screen offers "Ativar som".
 * window.__balcaoWaiterAlerts lists the codes that called, for end-to-end tests.
 */
import { useEffect, useRef } from 'react';
import { WAITER_READY_REPEAT_MS, WAITER_VIBRATE_PATTERN } from '../../../../shared/waiter';
import { chime, useAudioBlocked } from '../../../lib/chime';

declare global {
  interface Window {
    __balcaoWaiterAlerts?: string[];
  }
}

export function playChime(): void {
  chime.play();
}

/** Inside a tap: unlocks audio and plays once so the waiter hears what a ready order sounds like. */
export async function enableSound(): Promise<void> {
  await chime.unlock();
  chime.play();
}

export const useSoundBlocked = useAudioBlocked;

function call(codes: string[]) {
  playChime();
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(WAITER_VIBRATE_PATTERN);
    } catch {
      /* some browsers refuse without a gesture: the chime and the highlight remain */
    }
  }
  window.__balcaoWaiterAlerts = [...(window.__balcaoWaiterAlerts ?? []), ...codes];
}

/**
 * Calls for every order that is ready and not yet being delivered (`waiting`: codes by order id).
 * A newly ready order calls at once; while any waits, the call repeats.
 */
export function useReadyAlerts(waiting: ReadonlyMap<string, string>): void {
  const seen = useRef(new Set<string>());
  const ids = [...waiting.keys()].sort().join(',');
  useEffect(() => {
    chime.prepare();
    const fresh = [...waiting.entries()].filter(([id]) => !seen.current.has(id));
    fresh.forEach(([id]) => seen.current.add(id));
    if (fresh.length) call(fresh.map(([, code]) => code));
    if (!waiting.size) return;
    const timer = window.setInterval(() => call([...waiting.values()]), WAITER_READY_REPEAT_MS);
    return () => window.clearInterval(timer);
    // The set of waiting orders is what matters, not the map's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
}
