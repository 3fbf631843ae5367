import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChimeAlerts } from './chime-alerts';

describe('chime alerts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('chimes on arrival and repeats until the order is opened or accepted', () => {
    const play = vi.fn();
    const a = new ChimeAlerts(play, true, 10_000);
    a.ring('o1');
    expect(play).toHaveBeenCalledTimes(1);
    a.ring('o2');
    expect(play).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    // One chime per period however many orders wait.
    expect(play).toHaveBeenCalledTimes(3);
    a.silence('o1');
    vi.advanceTimersByTime(10_000);
    expect(play).toHaveBeenCalledTimes(4);
    a.retain((id) => id !== 'o2');
    vi.advanceTimersByTime(30_000);
    expect(play).toHaveBeenCalledTimes(4);
    expect(a.size).toBe(0);
  });

  it('announces an order once, and does not repeat when the venue turned repetition off', () => {
    const play = vi.fn();
    const a = new ChimeAlerts(play, false, 10_000);
    a.ring('o1');
    a.ring('o1');
    vi.advanceTimersByTime(60_000);
    expect(play).toHaveBeenCalledTimes(1);
    a.configure(true, 5_000);
    vi.advanceTimersByTime(5_000);
    expect(play).toHaveBeenCalledTimes(2);
  });
});
