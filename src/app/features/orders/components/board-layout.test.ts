import { describe, expect, it } from 'vitest';
import { boardLayout, EMPTY_COLUMN_PX } from './board-layout';

describe('boardLayout', () => {
  it('gives a busy column more tracks, in proportion to its orders, on a 1280 px tablet', () => {
    const l = boardLayout([23, 15, 14, 11], 1268);
    expect(l.tracks.reduce((a, b) => a + b, 0)).toBe(5);
    expect(l.tracks).toEqual([2, 1, 1, 1]);
    expect(l.template).toBe('minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)');
  });

  it('shrinks empty columns to a strip and spreads the busy one over the width', () => {
    const l = boardLayout([50, 0, 0, 0], 1268);
    expect(l.tracks).toEqual([4, 0, 0, 0]);
    expect(l.template).toBe(`minmax(0, 4fr) ${EMPTY_COLUMN_PX}px ${EMPTY_COLUMN_PX}px ${EMPTY_COLUMN_PX}px`);
  });

  it('keeps every busy column in sight on a portrait tablet, each with one narrower track', () => {
    expect(boardLayout([20, 12, 10, 8], 756).tracks).toEqual([1, 1, 1, 1]);
  });

  it('says which columns hold narrow tickets (a portrait tablet with four busy columns), not a landscape one', () => {
    expect(boardLayout([20, 12, 10, 8], 756).narrow).toEqual([true, true, true, true]);
    expect(boardLayout([23, 15, 14, 11], 1268).narrow).toEqual([false, false, false, false]);
    // The portrait tablet with two busy columns: each ticket has room again.
    expect(boardLayout([20, 12, 0, 0], 756).narrow).toEqual([false, false, false, false]);
    // While loading, the columns share the width evenly.
    expect(boardLayout([0, 0, 0, 0], 756, true).narrow).toEqual([true, true, true, true]);
  });

  it('never gives a column more tracks than orders', () => {
    expect(boardLayout([1, 0, 2, 0], 1900).tracks).toEqual([1, 0, 2, 0]);
  });

  it('lays the columns out evenly while the orders load or when there are none', () => {
    expect(boardLayout([0, 0, 0, 0], 1268, true).template).toBe('repeat(4, minmax(0, 1fr))');
    expect(boardLayout([0, 0, 0, 0], 1268).tracks).toEqual([1, 1, 1, 1]);
  });
});
