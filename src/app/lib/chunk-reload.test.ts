import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GAP_MS, isChunkLoadError, reloadForChunk, resetChunkReload, shouldReloadForChunk } from './chunk-reload';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const missing = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/payment-links-page-Bg9NbjmT.js');

describe('a screen whose code did not arrive', () => {
  afterEach(() => resetChunkReload());

  it('knows the browsers\' and Vite\'s wording, and nothing else', () => {
    expect(isChunkLoadError(missing)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads the page once, then shows the error for another failure within the gap, and reloads again after it', () => {
    const storage = memory();
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(shouldReloadForChunk(missing, { storage, now: t0 })).toBe(true);
    reloadForChunk({ storage, now: t0 }, reload);
    reloadForChunk({ storage, now: t0 }, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // The page after that reload fails again at once: the error screen, no loop.
    expect(shouldReloadForChunk(missing, { storage, now: t0 + 2_000 })).toBe(false);
    // Much later (a tablet left on for hours), a new failure reloads once more.
    expect(shouldReloadForChunk(missing, { storage, now: t0 + CHUNK_RELOAD_GAP_MS + 1 })).toBe(true);
  });

  it('never reloads for an ordinary error, nor without storage to remember it', () => {
    expect(shouldReloadForChunk(new Error('boom'), { storage: memory(), now: 1 })).toBe(false);
    expect(shouldReloadForChunk(missing, { storage: null, now: 1 })).toBe(false);
  });
});
