/**
 * The sales dashboard's series cache (docs/decisions/dashboard.md), one per server process: the reads
 * of the rollups (dashboard.rollups.ts `rollupSource`), keyed by the venue's rollup version, the
 * channel and the days. A refresh that recomputes any day gives the venue a new version (stored in
 * the database, in the refresh's own transaction), so every process stops using its old entries at
 * once: nothing is ever invalidated by hand, and old versions simply age out of this LRU.
 * Entries are promises, so the thirteen calls of one screen that need the same read (the six cards
 * and sales per day share two) wait for one query instead of each running it.
 */
import type { Memo } from './dashboard.rollups';

export class SeriesCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  hits = 0;
  misses = 0;

  constructor(private readonly max = 2000) {}

  /** The memo of one rollup version: keys under another version never meet. */
  memo(version: string): Memo {
    return <T>(key: string, read: () => Promise<T>) => this.get(`${version}|${key}`, read);
  }

  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key) as Promise<T> | undefined;
    if (found) {
      // Most recently used last: eviction takes the first.
      this.entries.delete(key);
      this.entries.set(key, found);
      this.hits++;
      return found;
    }
    this.misses++;
    const p = read();
    this.entries.set(key, p);
    // A failed read is not kept: the next call tries again.
    p.catch(() => {
      if (this.entries.get(key) === p) this.entries.delete(key);
    });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return p;
  }

  clear() {
    this.entries.clear();
  }
}
