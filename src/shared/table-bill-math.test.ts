/** The bill's math (issue 41, billmath): rounding to the cent and the order of operations. */
import { describe, expect, it } from 'vitest';
import { billMath, percentToBps, splitEqually, type BillMathInput } from './table-bill';

const base: BillMathInput = { subtotalCents: 0, serviceRateBps: 1000, serviceRemoved: false, couvertUnitCents: null, couvertPeople: 0, discounts: [] };
const m = (i: Partial<BillMathInput>) => billMath({ ...base, ...i });

describe('billMath', () => {
  it('charges the service on the items, rounded half up to the cent', () => {
    expect(m({ subtotalCents: 7970 })).toEqual({ subtotalCents: 7970, discountCents: 0, serviceCents: 797, couvertCents: 0, totalCents: 8767 });
    // 12,5 % of R$ 0,99 = 12,375 cents → 12; of R$ 1,00 = 12,5 → 13 (half up); of 1,03 = 12,875 → 13.
    expect(m({ subtotalCents: 99, serviceRateBps: 1250 }).serviceCents).toBe(12);
    expect(m({ subtotalCents: 100, serviceRateBps: 1250 }).serviceCents).toBe(13);
    expect(m({ subtotalCents: 103, serviceRateBps: 1250 }).serviceCents).toBe(13);
    // 0 % and a removed service charge nothing.
    expect(m({ subtotalCents: 7970, serviceRateBps: 0 }).serviceCents).toBe(0);
    expect(m({ subtotalCents: 7970, serviceRemoved: true })).toMatchObject({ serviceCents: 0, totalCents: 7970 });
  });

  it('adds the couvert per person, without service on it and untouched by discounts', () => {
    const r = m({ subtotalCents: 10000, couvertUnitCents: 1250, couvertPeople: 2, discounts: [{ kind: 'percent', percentBps: 1000 }] });
    // Items 100,00 − 10 % = 90,00; service 10 % of 90,00 = 9,00; couvert 2 × 12,50 = 25,00.
    expect(r).toEqual({ subtotalCents: 10000, discountCents: 1000, serviceCents: 900, couvertCents: 2500, totalCents: 10000 - 1000 + 900 + 2500 });
    // No couvert value (the venue charges none): people count nothing.
    expect(m({ subtotalCents: 1000, couvertUnitCents: null, couvertPeople: 4 }).couvertCents).toBe(0);
    // A couvert alone (nothing ordered yet) is still charged, with no service.
    expect(m({ subtotalCents: 0, couvertUnitCents: 800, couvertPeople: 3 })).toMatchObject({ serviceCents: 0, couvertCents: 2400, totalCents: 2400 });
  });

  it('takes the discount from the items before the service: value, percentage rounded half up, several entries, capped at the subtotal', () => {
    // 79,70 − 5,00 = 74,70; service 7,47 (7,470); total 82,17.
    expect(m({ subtotalCents: 7970, discounts: [{ kind: 'value', valueCents: 500 }] })).toMatchObject({ discountCents: 500, serviceCents: 747, totalCents: 8217 });
    // 15 % of 79,70 = 11,955 → 11,96 (half up); service 10 % of 67,74 = 6,774 → 6,77.
    expect(m({ subtotalCents: 7970, discounts: [{ kind: 'percent', percentBps: 1500 }] })).toMatchObject({ discountCents: 1196, serviceCents: 677, totalCents: 7970 - 1196 + 677 });
    // Two entries add up; each percentage is of the subtotal, not of what the other left.
    expect(m({ subtotalCents: 10000, discounts: [{ kind: 'percent', percentBps: 1000 }, { kind: 'value', valueCents: 250 }] }).discountCents).toBe(1250);
    // Never more than the items: the total keeps the couvert.
    expect(m({ subtotalCents: 3000, couvertUnitCents: 500, couvertPeople: 1, discounts: [{ kind: 'value', valueCents: 5000 }] })).toMatchObject({ discountCents: 3000, serviceCents: 0, totalCents: 500 });
  });

  it('always adds up: total = subtotal − discount + service + couvert, in integer cents, and an equal split of it adds up too', () => {
    for (let subtotal = 0; subtotal <= 5000; subtotal += 37) {
      for (const rate of [0, 1000, 1250, 2000]) {
        for (const pct of [0, 333, 1500, 10000]) {
          const r = m({ subtotalCents: subtotal, serviceRateBps: rate, couvertUnitCents: 990, couvertPeople: subtotal % 4, discounts: pct ? [{ kind: 'percent', percentBps: pct }] : [] });
          expect(Number.isInteger(r.totalCents) && Number.isInteger(r.serviceCents) && Number.isInteger(r.discountCents)).toBe(true);
          expect(r.totalCents).toBe(r.subtotalCents - r.discountCents + r.serviceCents + r.couvertCents);
          expect(r.discountCents).toBeLessThanOrEqual(r.subtotalCents);
          expect(splitEqually(r.totalCents, 3).reduce((a, b) => a + b, 0)).toBe(r.totalCents);
        }
      }
    }
  });
});

describe('percentToBps', () => {
  it('takes up to two decimals and refuses more', () => {
    expect(percentToBps(10)).toBe(1000);
    expect(percentToBps(12.5)).toBe(1250);
    expect(percentToBps(0.01)).toBe(1);
    expect(percentToBps(33.33)).toBe(3333);
    expect(percentToBps(10.005)).toBeNull();
    expect(percentToBps(Number.NaN)).toBeNull();
  });
});
