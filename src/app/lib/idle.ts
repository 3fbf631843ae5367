/**
 * Runs `fn` at the browser's first idle moment, and at the latest after `latestMs` even if the page is
 * never idle. Where the browser has no idle callback (Safari), after `fallbackMs`. Returns the
 * function that cancels it.
 */
export function whenIdle(fn: () => void, latestMs: number, fallbackMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(() => fn(), { timeout: latestMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(fn, fallbackMs);
  return () => clearTimeout(timer);
}
