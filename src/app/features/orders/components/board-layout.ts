/**
 * How the board shares its width among its columns (one per workflow state). A column with orders
 * gets one or more tracks of tickets side by side (tickets flow across its tracks, then down, oldest
 * first), in proportion to how many orders it holds; a column without orders shrinks to a narrow strip
 * that still says its name and "0". So a Friday-night Pendente column with 30 orders spreads over
 * the width the empty columns do not need, and every column stays in sight.
 */

/** A ticket's preferred width: the code, the timer and the actions fit on their lines. */
export const TRACK_PX = 236;
/** Space between tracks and between columns. */
export const GAP_PX = 8;
/** An empty column: its name written down the strip, and its count. */
export const EMPTY_COLUMN_PX = 56;

export interface BoardLayout {
  /** Tracks (tickets side by side) of each column, in column order; 0 for an empty column drawn as a strip. */
  tracks: number[];
  /** The board's grid-template-columns. */
  template: string;
}

/**
 * Tracks per column for a board `width` px wide holding `counts` orders per column. Every column with
 * orders gets a track; the rest go, one by one, to the column with the most orders per track (never
 * more tracks than orders). When more columns hold orders than tracks of the preferred width fit,
 * each still gets one, narrower: every column stays on screen.
 * While `loading`, the columns share the width evenly (they say "Carregando pedidos…").
 */
export function boardLayout(counts: readonly number[], width: number, loading = false): BoardLayout {
  const n = counts.length;
  if (n === 0) return { tracks: [], template: 'none' };
  const busy = counts.map((c, i) => (c > 0 ? i : -1)).filter((i) => i >= 0);
  if (loading || busy.length === 0) return { tracks: counts.map(() => 1), template: `repeat(${n}, minmax(0, 1fr))` };
  const empty = n - busy.length;
  const avail = Math.max(0, width - empty * EMPTY_COLUMN_PX - (n - 1) * GAP_PX);
  const fit = Math.max(1, Math.floor((avail + GAP_PX) / (TRACK_PX + GAP_PX)));
  const total = Math.min(
    Math.max(fit, busy.length),
    busy.reduce((t, i) => t + counts[i], 0),
  );
  const tracks = counts.map((c) => (c > 0 ? 1 : 0));
  for (let left = total - busy.length; left > 0; left--) {
    let best = -1;
    for (const i of busy) {
      if (tracks[i] >= counts[i]) continue;
      if (best < 0 || counts[i] / tracks[i] > counts[best] / tracks[best]) best = i;
    }
    if (best < 0) break;
    tracks[best] += 1;
  }
  const template = tracks.map((t) => (t === 0 ? `${EMPTY_COLUMN_PX}px` : `minmax(0, ${t}fr)`)).join(' ');
  return { tracks, template };
}
