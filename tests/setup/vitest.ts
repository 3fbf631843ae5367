import { afterAll, vi } from 'vitest';
import '../../src/shared/zod-locale';

// Mantine under jsdom needs these browser APIs (STACK-NOTES pitfall 8).
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}

// The API lane runs many files in one process (vite.config.ts, project "api": isolate off). What a
// file changes in the process is undone when it ends, so the next file starts as in a fresh process:
// the environment (a file that sets COURIER_SANDBOX_DELAY_MS at its top made the next file's sandbox
// courier answer within its test and changed its board's ETag), stubbed globals and envs, fake timers
// and spies. This runs after the file's own afterAll hooks (after-hooks run in reverse order).
const envAtStart = { ...process.env };
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  for (const [key, value] of Object.entries(envAtStart)) if (process.env[key] !== value) process.env[key] = value;
});
