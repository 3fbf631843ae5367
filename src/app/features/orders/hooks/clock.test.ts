import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './clock';

describe('the board clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00.400Z') }));
  afterEach(() => vi.useRealTimers());

  it('ticks once per second on the second boundary, only while someone listens', () => {
    const clock = new Clock();
    const ticks: number[] = [];
    const off = clock.subscribe(() => ticks.push(clock.now()));
    vi.advanceTimersByTime(600);
    expect(ticks).toEqual([Date.parse('2026-03-10T12:00:01.000Z')]);
    vi.advanceTimersByTime(3000);
    expect(ticks).toHaveLength(4);
    off();
    vi.advanceTimersByTime(5000);
    expect(ticks).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shares one timer among all listeners', () => {
    const clock = new Clock();
    const offs = Array.from({ length: 300 }, () => clock.subscribe(() => {}));
    expect(clock.size).toBe(300);
    expect(vi.getTimerCount()).toBe(1);
    offs.forEach((o) => o());
    expect(vi.getTimerCount()).toBe(0);
  });
});
