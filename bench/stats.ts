/** What the benchmarks share: a percentile and autocannon's loader. */
import { createRequire } from 'node:module';

/** The p-th percentile (0-100) of the values: the sample at floor(p% × n), NaN when there is none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The slice of autocannon's API used here (it ships no types; @types/autocannon is not installed). */
export interface AutocannonInstance extends PromiseLike<{ errors: number; non2xx: number }> {
  on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
export const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  connectionRate?: number;
}) => AutocannonInstance;
