/**
 * A ready order calls the waiter: the chime (howler, the board's sound file and the same
 * window.__balcaoAudio test hook) and a vibration where the phone allows it, when it becomes ready
 * and again every WAITER_READY_REPEAT_MS until someone taps "Entregue à mesa". Browsers unlock audio
 * on the first touch (howler's autoUnlock); until then the screen offers "Ativar som".
 * window.__balcaoWaiterAlerts lists the codes that called, for end-to-end tests.
 */
import { Howl, Howler } from 'howler';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { WAITER_READY_REPEAT_MS, WAITER_VIBRATE_PATTERN } from '../../../../shared/waiter';

interface AudioProbe {
  played: number;
  lastPlayedAt: number | null;
  requested: number;
  blocked: boolean;
}

declare global {
  interface Window {
    __balcaoAudio?: AudioProbe;
    __balcaoWaiterAlerts?: string[];
  }
}

const probe: AudioProbe = { played: 0, lastPlayedAt: null, requested: 0, blocked: false };
let howl: Howl | null = null;
let blocked = false;
const listeners = new Set<() => void>();

function setBlocked(b: boolean) {
  if (b === blocked) return;
  blocked = b;
  probe.blocked = b;
  listeners.forEach((l) => l());
}

function ensure(): Howl {
  if (!howl) {
    Howler.autoSuspend = false;
    howl = new Howl({
      src: ['/sounds/chime.wav'],
      preload: true,
      onplay: () => {
        probe.played += 1;
        probe.lastPlayedAt = Date.now();
        setBlocked(false);
      },
      onplayerror: () => {
        setBlocked(true);
        howl?.once('unlock', () => setBlocked(false));
      },
      onloaderror: () => setBlocked(true),
    });
    window.__balcaoAudio = probe;
  }
  return howl;
}

export function playChime(): void {
  const h = ensure();
  probe.requested += 1;
  if (Howler.noAudio) return setBlocked(true);
  const ctx = Howler.ctx;
  if (ctx && ctx.state !== 'running') {
    void ctx.resume().then(
      () => setBlocked(ctx.state !== 'running'),
      () => setBlocked(true),
    );
  }
  h.play();
}

/** Inside a tap: unlocks audio and plays once so the waiter hears what a ready order sounds like. */
export async function enableSound(): Promise<void> {
  ensure();
  const ctx = Howler.ctx;
  if (ctx && ctx.state !== 'running') await ctx.resume().catch(() => undefined);
  setBlocked(!!ctx && ctx.state !== 'running');
  playChime();
}

export function useSoundBlocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => blocked,
  );
}

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
    ensure();
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
