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

  it('when monitoring starts, every waiting Pendente order calls (one chime), except those already opened', () => {
    const play = vi.fn();
    const a = new ChimeAlerts(play, true, 10_000);
    a.ring('seen');
    a.silence('seen');
    play.mockClear();
    expect(a.remind(['p1', 'p2', 'seen'])).toBe(2);
    expect(play).toHaveBeenCalledTimes(1);
    expect(a.isRinging('p1') && a.isRinging('p2')).toBe(true);
    expect(a.isRinging('seen')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(play).toHaveBeenCalledTimes(2);
    // A later arrival of the same order does not chime twice.
    a.ring('p1');
    expect(play).toHaveBeenCalledTimes(2);
    expect(a.remind([])).toBe(2);
  });
});
