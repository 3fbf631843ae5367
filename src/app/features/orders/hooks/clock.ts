/**
 * One ticking clock for the whole board. Every timer on every card subscribes to it and selects a
 * primitive (the seconds it shows, an age level, a printer-badge kind), so a tick re-renders only
 * the components whose selected value changed: the timers every second, a card only when its age
 * colour changes. No card, column or board re-renders because the time moved.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { KDS_REEVALUATION_MS } from '../../../../shared/orders';

type Listener = () => void;

export class Clock {
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private current: number;

  constructor(
    private readonly read: () => number = () => Date.now(),
    private readonly periodMs = 1000,
  ) {
    this.current = read();
  }

  now = (): number => {
    // With nobody listening the clock does not tick: read the time afresh.
    if (!this.timer) this.current = this.read();
    return this.current;
  };

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    if (!this.timer) this.schedule();
    return () => {
      this.listeners.delete(l);
      if (this.listeners.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
  };

  /** Number of components listening (tests and the benchmark read it). */
  get size(): number {
    return this.listeners.size;
  }

  private schedule(): void {
    this.current = this.read();
    // Tick on the second boundary, so every timer on the board turns at the same moment.
    const delay = this.periodMs - (this.current % this.periodMs) || this.periodMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.read();
      if (this.listeners.size) this.schedule();
      this.listeners.forEach((l) => l());
    }, delay);
  }
}

export const boardClock = new Clock();
/**
 * The board's internal re-evaluation (spec 000 §9: every 5 s): printer badges, card age colours and
 * today's date turn on this slower clock; only the HH:MM:SS timers need the second.
 */
export const reevaluationClock = new Clock(undefined, KDS_REEVALUATION_MS);

/**
 * Subscribes to the clock through a selector. `select` must return a primitive (or a value that is
 * `Object.is`-stable between ticks) and should be stable (wrap it in useCallback or define it outside).
 */
export function useClockValue<T>(select: (nowMs: number) => T, clock: Clock = boardClock): T {
  const getSnapshot = useCallback(() => select(clock.now()), [select, clock]);
  return useSyncExternalStore(clock.subscribe, getSnapshot, getSnapshot);
}

/** The current whole second (for timers). */
export function useNowSecond(clock: Clock = boardClock): number {
  return useClockValue(toSecond, clock);
}
const toSecond = (ms: number) => Math.floor(ms / 1000);
