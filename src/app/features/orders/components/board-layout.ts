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

/** A ticket this narrow or narrower tightens its type (a portrait tablet with four busy columns). */
const NARROW_TRACK_PX = 210;
/** A column's own padding (its edge and its list's) and its list's scroll bar, around its tracks. */
const COLUMN_INSET_PX = 16;

export interface BoardLayout {
  /** Tracks (tickets side by side) of each column, in column order; 0 for an empty column drawn as a strip. */
  tracks: number[];
  /**
   * Whether each column's tickets are NARROW_TRACK_PX or narrower. Worked out here from the widths the
   * grid gives, rather than with a container query on every ticket: those double the board's layout.
   */
  narrow: boolean[];
  /** The board's grid-template-columns. */
  template: string;
}

/** Whether one track of each column is narrow: the grid shares by fr what the strips and gaps leave. */
function narrowColumns(tracks: readonly number[], width: number, even: boolean): boolean[] {
  const n = tracks.length;
  const strips = even ? 0 : tracks.filter((t) => t === 0).length;
  const fr = even ? n : tracks.reduce((a, t) => a + t, 0);
  const free = Math.max(0, width - strips * EMPTY_COLUMN_PX - (n - 1) * GAP_PX);
  return tracks.map((t) => {
    const share = even ? 1 : t;
    if (share === 0) return false;
    const column = (free * share) / fr - COLUMN_INSET_PX;
    return (column - (share - 1) * GAP_PX) / share <= NARROW_TRACK_PX;
  });
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
  if (n === 0) return { tracks: [], narrow: [], template: 'none' };
  const busy = counts.map((c, i) => (c > 0 ? i : -1)).filter((i) => i >= 0);
  if (loading || busy.length === 0) {
    const tracks = counts.map(() => 1);
    return { tracks, narrow: narrowColumns(tracks, width, true), template: `repeat(${n}, minmax(0, 1fr))` };
  }
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
  return { tracks, narrow: narrowColumns(tracks, width, false), template };
}
