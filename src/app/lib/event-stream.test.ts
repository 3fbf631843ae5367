import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './event-stream';

describe('reconnectDelay', () => {
  it('grows exponentially up to 30 s and spreads boards over the upper half of each step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });

  it('two boards failing together do not come back together', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => reconnectDelay(2, () => i / 50)));
    expect(seen.size).toBe(50);
  });
});
