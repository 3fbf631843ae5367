/**
 * Summarises a V8 CPU profile (BENCH_PROFILE of a bench): self time by function and by script, and
 * the heaviest inclusive call paths, so "where does the time go" needs no DevTools.
 *
 * node_modules/.bin/tsx bench/profile-summary.ts <file.cpuprofile> [top=25] [--timeline=25] [--from=ms] [--to=ms]
 *   --timeline=N  first prints, per N ms of the profile, what the main thread did (idle, native work,
 *                 React render / commit / unmount, events, other frames), to find the phases of a tap;
 *   --from/--to   limit the summaries to that window (ms since the profile started), e.g. one phase.
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

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const [file, topArg] = args.filter((a) => !a.startsWith('--'));
const top = Number(topArg ?? 25);
const timeline = flag('timeline') ? Number(flag('timeline')) : 0;
const fromMs = Number(flag('from') ?? 0);
const toMs = Number(flag('to') ?? Infinity);

const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url: string) => url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+\//, '') || '(native)';
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const stackOf = (id: number) => {
  const s: Node[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) s.push(byId.get(cur)!);
  return s;
};

// Each sample's time since the start (ms) and its duration (µs, the next sample's delta).
const at: number[] = [];
let clock = p.startTime;
p.samples.forEach((_, i) => {
  clock += p.timeDeltas[i] ?? 0;
  at.push((clock - p.startTime) / 1000);
});
const dur = (i: number) => p.timeDeltas[i + 1] ?? 0;

if (timeline > 0) {
  const phase = (s: Node[]) => {
    const top = s[0].callFrame.functionName;
    if (top === '(idle)') return 'idle';
    if (top === '(program)') return 'native';
    if (top === '(garbage collector)') return 'gc';
    const names = s.map((n) => n.callFrame.functionName).join(' ');
    if (/commitDeletionEffects/.test(names)) return 'react-unmount';
    if (/commitRoot|commitMutation|commitLayout/.test(names)) return 'react-commit';
    if (/flushPassiveEffects/.test(names)) return 'react-effects';
    if (/renderRootSync|renderRootConcurrent|workLoop/.test(names)) return 'react-render';
    if (/dispatchDiscreteEvent|dispatchContinuousEvent|dispatchEvent/.test(names)) return 'event';
    return s.slice(0, 3).map((n) => n.callFrame.functionName || '(anonymous)').join('<');
  };
  const buckets = new Map<number, Map<string, number>>();
  p.samples.forEach((id, i) => {
    const b = Math.floor(at[i] / timeline);
    const m = buckets.get(b) ?? new Map<string, number>();
    const k = phase(stackOf(id));
    m.set(k, (m.get(k) ?? 0) + dur(i));
    buckets.set(b, m);
  });
  console.log(`timeline (ms since the profile started; ms of each bucket by what ran)`);
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    const parts = [...m].sort((x, y) => y[1] - x[1]).filter(([, v]) => v >= 500).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
    console.log(`${String(b * timeline).padStart(7)}  ${parts.join(' | ')}`);
  }
}

// Self time per node from the samples and their deltas (µs), within the window.
const self = new Map<number, number>();
p.samples.forEach((id, i) => {
  if (at[i] >= fromMs && at[i] < toMs) self.set(id, (self.get(id) ?? 0) + dur(i));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const fn = new Map<string, number>();
const script = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  fn.set(label(n), (fn.get(label(n)) ?? 0) + t);
  script.set(short(n.callFrame.url), (script.get(short(n.callFrame.url)) ?? 0) + t);
  // Inclusive: every distinct frame on the stack gets the sample once.
  const seen = new Set<string>();
  for (const f of stackOf(id)) {
    const l = label(f);
    if (!seen.has(l)) inclusive.set(l, (inclusive.get(l) ?? 0) + t);
    seen.add(l);
  }
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(v).padStart(10)}  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
};
const window = fromMs > 0 || toMs < Infinity ? `, window ${fromMs}–${toMs} ms` : '';
console.log(`profile: ${ms(p.endTime - p.startTime)} wall, ${ms(total)} sampled${window}`);
print('self time by script', script);
print('self time by function', fn);
print('inclusive time by function', inclusive);
