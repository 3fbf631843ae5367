/**
 * Summarises a V8 CPU profile (BENCH_PROFILE of a bench): self time by function and by script, and
 * the heaviest inclusive call paths, so "where does the time go" needs no DevTools.
 *
 * node_modules/.bin/tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Self time per node from the samples and their deltas (µs).
const self = new Map<number, number>();
p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i + 1] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url: string) => url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+\//, '') || '(native)';
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;

const fn = new Map<string, number>();
const script = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  fn.set(label(n), (fn.get(label(n)) ?? 0) + t);
  script.set(short(n.callFrame.url), (script.get(short(n.callFrame.url)) ?? 0) + t);
  // Inclusive: every distinct frame on the stack gets the sample once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (!seen.has(l)) inclusive.set(l, (inclusive.get(l) ?? 0) + t);
    seen.add(l);
  }
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(v).padStart(10)}  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(`profile: ${ms(p.endTime - p.startTime)} wall, ${ms(total)} sampled`);
print('self time by script', script);
print('self time by function', fn);
print('inclusive time by function', inclusive);
