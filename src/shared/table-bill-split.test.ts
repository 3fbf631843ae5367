import { describe, expect, it } from 'vitest';
import { serviceChargeCents } from './table-bill';
import { allocateByWeight, ITEM_SPLIT_MSG, itemSplitParts, itemSplitProblem, mergeEntries, personFingerprint, type ItemSplitDoc, type SplitLine } from './table-bill-split';

const people = (...names: string[]) => names.map((Nome) => ({ Nome }));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocateByWeight (largest remainder)', () => {
  it('gives each its floor and the leftover cents to the largest fractions, ties to the earlier one', () => {
    expect(allocateByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByWeight(11_000, [3334, 3333, 3333])).toEqual([3668, 3666, 3666]);
    // 10 by 1:2 is 3,33 and 6,67: the larger fraction (0,67) takes the cent.
    expect(allocateByWeight(10, [1, 2])).toEqual([3, 7]);
    expect(allocateByWeight(0, [5, 7])).toEqual([0, 0]);
    expect(allocateByWeight(500, [0, 3, 0])).toEqual([0, 500, 0]);
  });

  it('answers zeros when every weight is 0, and mirrors a negative total', () => {
    expect(allocateByWeight(100, [0, 0])).toEqual([0, 0]);
    expect(allocateByWeight(-10, [1, 2])).toEqual([-3, -7]);
  });

  it('adds up exactly for many totals and weights', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let run = 0; run < 2_000; run++) {
      const weights = Array.from({ length: 1 + rnd(8) }, () => rnd(20_000));
      const total = rnd(1_000_000);
      const parts = allocateByWeight(total, weights);
      if (sum(weights) === 0) expect(parts.every((p) => p === 0)).toBe(true);
      else {
        expect(sum(parts)).toBe(total);
        // Each part is its exact share rounded down or up, never further.
        parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]) / sum(weights))).toBeLessThan(1));
      }
    }
  });

  it('refuses fractional totals and negative or fractional weights', () => {
    expect(() => allocateByWeight(10.5, [1])).toThrow(RangeError);
    expect(() => allocateByWeight(10, [-1, 2])).toThrow(RangeError);
    expect(() => allocateByWeight(10, [0.5])).toThrow(RangeError);
  });
});

// Pizza 60,00 shared by three; 3 beers at 12,90: two for Ana, one for Bia; a juice for Caio.
const lines: SplitLine[] = [
  { itemId: 'pizza', name: 'Pizza', quantity: 1, unitCents: 6_000 },
  { itemId: 'beer', name: 'Cerveja', quantity: 3, unitCents: 1_290 },
  { itemId: 'juice', name: 'Suco', quantity: 1, unitCents: 850 },
];
const doc: ItemSplitDoc = {
  Pessoas: people('Ana', 'Bia', 'Caio'),
  Itens: [
    { ItemId: 'pizza', Quantidade: 1, Pessoas: [1, 2, 3] },
    { ItemId: 'beer', Quantidade: 2, Pessoas: [1] },
    { ItemId: 'beer', Quantidade: 1, Pessoas: [2] },
    { ItemId: 'juice', Quantidade: 1, Pessoas: [3] },
  ],
};
const subtotal = 6_000 + 3 * 1_290 + 850;
const total = subtotal + serviceChargeCents(subtotal, 1000, false);

describe('itemSplitParts', () => {
  it("gives each person their items plus the service in proportion to them; a shared line is divided equally", () => {
    const r = itemSplitParts(lines, doc, total, total, new Map());
    expect(total).toBe(11_792);
    expect(r.people.map((p) => [p.name, p.itemsCents, p.amountCents])).toEqual([
      ['Ana', 2_000 + 2_580, 5_038],
      ['Bia', 2_000 + 1_290, 3_619],
      ['Caio', 2_000 + 850, 3_135],
    ]);
    expect(r.people[0].items).toEqual([
      { itemId: 'pizza', name: 'Pizza', units: 1, sharedBy: 3, cents: 2_000 },
      { itemId: 'beer', name: 'Cerveja', units: 2, sharedBy: 1, cents: 2_580 },
    ]);
    expect(r.unassigned).toEqual({ items: [], itemsCents: 0, amountCents: 0 });
    expect(sum(r.people.map((p) => p.amountCents))).toBe(total);
  });

  it('divides a line that does not split evenly to the cent, and the service by the largest remainder', () => {
    const r = itemSplitParts([{ itemId: 'p', name: 'Pizza', quantity: 1, unitCents: 10_000 }], { Pessoas: people('A', 'B', 'C'), Itens: [{ ItemId: 'p', Quantidade: 1, Pessoas: [1, 2, 3] }] }, 11_000, 11_000, new Map());
    expect(r.people.map((p) => p.itemsCents)).toEqual([3_334, 3_333, 3_333]);
    // Service 10,00 in proportion: 3,334 / 3,333 / 3,333 → 3,34 / 3,33 / 3,33.
    expect(r.people.map((p) => p.amountCents - p.itemsCents)).toEqual([334, 333, 333]);
    expect(r.people.map((p) => p.amountCents)).toEqual([3_668, 3_666, 3_666]);
  });

  it('lists what nobody took, with its part of what remains, and a person without items pays nothing', () => {
    const r = itemSplitParts(lines, { Pessoas: people('Ana', 'Bia'), Itens: [{ ItemId: 'beer', Quantidade: 1, Pessoas: [1] }] }, total, total, new Map());
    expect(r.unassigned.items).toEqual([
      { itemId: 'pizza', name: 'Pizza', units: 1, cents: 6_000 },
      { itemId: 'beer', name: 'Cerveja', units: 2, cents: 2_580 },
      { itemId: 'juice', name: 'Suco', units: 1, cents: 850 },
    ]);
    expect(r.people[1]).toMatchObject({ itemsCents: 0, amountCents: 0, items: [] });
    expect(r.people[0].amountCents + r.unassigned.amountCents).toBe(total);
  });

  it("keeps a paid person's amount and divides what remains among the others, so everything still adds up", () => {
    // Ana paid 50,38; then another juice (8,50) arrived for Caio: the total grows by 9,35.
    const more = [...lines, { itemId: 'juice2', name: 'Suco', quantity: 1, unitCents: 850 }];
    const sub2 = subtotal + 850;
    const total2 = sub2 + serviceChargeCents(sub2, 1000, false);
    const doc2 = { ...doc, Itens: [...doc.Itens, { ItemId: 'juice2', Quantidade: 1, Pessoas: [3] }] };
    const r = itemSplitParts(more, doc2, total2, total2 - 5_038, new Map([[1, 5_038]]));
    expect(r.people[0]).toMatchObject({ locked: true, amountCents: 5_038 });
    // Caio's part grows by the juice and its service (the cent of rounding may land elsewhere).
    expect(Math.abs(r.people[2].amountCents - (3_135 + 935))).toBeLessThanOrEqual(1);
    expect(sum(r.people.map((p) => p.amountCents)) + r.unassigned.amountCents).toBe(total2);
  });

  it('a free amount paid (the public page\'s Pix) is taken from the open parts in proportion; nothing paid twice', () => {
    // 50,00 paid without a person: the 117,92 bill has 67,92 left, divided by the items' value.
    const r = itemSplitParts(lines, doc, total, total - 5_000, new Map());
    expect(sum(r.people.map((p) => p.amountCents))).toBe(total - 5_000);
    const full = itemSplitParts(lines, doc, total, total, new Map());
    r.people.forEach((p, i) => expect(p.amountCents).toBeLessThan(full.people[i].amountCents));
    // Everything paid that way: every open part is zero.
    expect(itemSplitParts(lines, doc, total, 0, new Map()).people.map((p) => p.amountCents)).toEqual([0, 0, 0]);
  });

  it('adds up to the total for random bills and splits (people, shared lines, units, locks)', () => {
    let seed = 11;
    const rnd = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let run = 0; run < 300; run++) {
      const ls: SplitLine[] = Array.from({ length: 1 + rnd(10) }, (_, i) => ({ itemId: `i${i}`, name: `Item ${i}`, quantity: 1 + rnd(4), unitCents: 1 + rnd(9_000) }));
      const n = 1 + rnd(6);
      const entries = ls.flatMap((l) =>
        Array.from({ length: l.quantity }, () => rnd(5))
          .filter((x) => x > 0)
          .map(() => ({ ItemId: l.itemId, Quantidade: 1, Pessoas: [...new Set(Array.from({ length: 1 + rnd(n) }, () => 1 + rnd(n)))].sort((a, b) => a - b) })),
      );
      const d = { Pessoas: Array.from({ length: n }, (_, i) => ({ Nome: `P${i + 1}` })), Itens: mergeEntries(entries) };
      expect(itemSplitProblem(ls, d)).toBeNull();
      const sub = sum(ls.map((l) => l.quantity * l.unitCents));
      const tot = sub + serviceChargeCents(sub, 1000, false);
      const free = itemSplitParts(ls, d, tot, tot, new Map());
      expect(sum(free.people.map((p) => p.amountCents)) + free.unassigned.amountCents).toBe(tot);
      expect(sum(free.people.map((p) => p.itemsCents)) + free.unassigned.itemsCents).toBe(sub);
      // Person 1 pays their part: nobody else's part moves, and everything still adds up to the total.
      const paid = free.people[0].amountCents;
      const after = itemSplitParts(ls, d, tot, tot - paid, new Map([[1, paid]]));
      expect(after.people.map((p) => p.amountCents)).toEqual(free.people.map((p) => p.amountCents));
      expect(sum(after.people.map((p) => p.amountCents)) + after.unassigned.amountCents).toBe(tot);
    }
  });

  it('ignores assignments to items no longer on the bill and units beyond the quantity', () => {
    const r = itemSplitParts(lines.slice(1), doc, 5_000, 5_000, new Map());
    expect(r.people[0].items.map((i) => i.itemId)).toEqual(['beer']);
    const over = itemSplitParts(lines, { Pessoas: people('A'), Itens: [{ ItemId: 'juice', Quantidade: 5, Pessoas: [1] }] }, 850, 850, new Map());
    expect(over.people[0].items[0].units).toBe(1);
  });
});

describe('itemSplitProblem, personFingerprint, mergeEntries', () => {
  it('refuses an unknown item (409), more units than the line has, people out of the list or repeated (400)', () => {
    expect(itemSplitProblem(lines, doc)).toBeNull();
    expect(itemSplitProblem(lines, { ...doc, Itens: [{ ItemId: 'gone', Quantidade: 1, Pessoas: [1] }] })).toEqual({ status: 409, message: ITEM_SPLIT_MSG.itemUnknown });
    expect(itemSplitProblem(lines, { ...doc, Itens: [...doc.Itens, { ItemId: 'beer', Quantidade: 1, Pessoas: [3] }] })).toEqual({ status: 400, message: ITEM_SPLIT_MSG.overQuantity('Cerveja') });
    expect(itemSplitProblem(lines, { ...doc, Itens: [{ ItemId: 'beer', Quantidade: 1, Pessoas: [4] }] })?.message).toBe(ITEM_SPLIT_MSG.assignPeopleInvalid);
    expect(itemSplitProblem(lines, { ...doc, Itens: [{ ItemId: 'beer', Quantidade: 1, Pessoas: [1, 1] }] })?.message).toBe(ITEM_SPLIT_MSG.assignPeopleInvalid);
    expect(itemSplitProblem(lines, { ...doc, Itens: [{ ItemId: 'beer', Quantidade: 1, Pessoas: [] }] })?.message).toBe(ITEM_SPLIT_MSG.assignPeopleInvalid);
  });

  it("a person's fingerprint changes with their name or items, not with other people's", () => {
    const f = personFingerprint(doc, 1);
    expect(personFingerprint({ ...doc, Itens: [...doc.Itens, { ItemId: 'juice', Quantidade: 1, Pessoas: [2] }] }, 1)).toBe(f);
    expect(personFingerprint({ ...doc, Pessoas: people('Ana Paula', 'Bia', 'Caio') }, 1)).not.toBe(f);
    expect(personFingerprint({ ...doc, Itens: doc.Itens.filter((e) => e.ItemId !== 'pizza') }, 1)).not.toBe(f);
    expect(personFingerprint(doc, 4)).toBeNull();
  });

  it('merges unit-by-unit assignments of the same item to the same people', () => {
    expect(
      mergeEntries([
        { ItemId: 'beer', Quantidade: 1, Pessoas: [1] },
        { ItemId: 'beer', Quantidade: 1, Pessoas: [2] },
        { ItemId: 'beer', Quantidade: 1, Pessoas: [1] },
      ]),
    ).toEqual([
      { ItemId: 'beer', Quantidade: 2, Pessoas: [1] },
      { ItemId: 'beer', Quantidade: 1, Pessoas: [2] },
    ]);
  });
});
