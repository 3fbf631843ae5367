import { describe, expect, it } from 'vitest';
import { positiveCents, serviceChargeCents, splitEqually } from './table-bill';

describe('splitEqually', () => {
  it('gives the leftover cents to the first parts, so the parts add up to the total', () => {
    expect(splitEqually(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitEqually(10_001, 3)).toEqual([3334, 3334, 3333]);
    expect(splitEqually(9_999, 3)).toEqual([3333, 3333, 3333]);
    expect(splitEqually(2, 3)).toEqual([1, 1, 0]);
    expect(splitEqually(12_345, 1)).toEqual([12_345]);
  });

  it('adds up exactly for every total and every N, and no two parts differ by more than a cent', () => {
    for (let total = 0; total < 2_000; total += 7) {
      for (let n = 1; n <= 12; n++) {
        const parts = splitEqually(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses a negative or fractional total and a non-positive N', () => {
    expect(() => splitEqually(-1, 2)).toThrow(RangeError);
    expect(() => splitEqually(10.5, 2)).toThrow(RangeError);
    expect(() => splitEqually(100, 0)).toThrow(RangeError);
    expect(() => splitEqually(100, 1.5)).toThrow(RangeError);
  });
});

describe('serviceChargeCents', () => {
  it('is 10 % rounded half up to the cent, and nothing when removed', () => {
    expect(serviceChargeCents(9_080, 1000, false)).toBe(908);
    expect(serviceChargeCents(1_005, 1000, false)).toBe(101); // 100,5 → 101
    expect(serviceChargeCents(1_004, 1000, false)).toBe(100);
    expect(serviceChargeCents(9_080, 1000, true)).toBe(0);
    expect(serviceChargeCents(0, 1000, false)).toBe(0);
    expect(serviceChargeCents(2_000, 1250, false)).toBe(250);
  });
});

describe('positiveCents', () => {
  it('reads reais with up to two decimals as cents', () => {
    expect(positiveCents(33.34)).toBe(3334);
    expect(positiveCents(0.1 + 0.2)).toBe(30);
    expect(positiveCents(0)).toBeNull();
    expect(positiveCents(-1)).toBeNull();
    expect(positiveCents(1.234)).toBeNull();
    expect(positiveCents(Number.NaN)).toBeNull();
  });
});
