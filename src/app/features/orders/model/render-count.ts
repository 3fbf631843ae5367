/**
 * Render counting for the re-render test and the benchmark: when globalThis.__balcaoRenderCounts
 * is an object, board components count their renders in it. Off (one property read) otherwise.
 */
type Counts = Record<string, number>;

export function countRender(name: string): void {
  const c = (globalThis as { __balcaoRenderCounts?: Counts }).__balcaoRenderCounts;
  if (c) c[name] = (c[name] ?? 0) + 1;
}
