/**
 * Summarises a Chrome trace (BENCH_TRACE of a bench) between two `performance.mark`s of the page:
 * the renderer's main thread task by task (when it started after the first mark, how long it took,
 * and what it spent its time on: script, style recalculation with its element count, layout, paint,
 * event dispatch by type, GC), then the totals of the window by kind. Self times: an event's time
 * minus what nested events on the same thread took, so nothing is counted twice.
 *
 * node_modules/.bin/tsx bench/trace-summary.ts <trace.json> [--from=bill-tap] [--to=bill-shown] [--after=40]
 *   --after=N  also shows N ms past the last mark (the frame that paints what the DOM then holds).
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; elementCount?: number; beginData?: Record<string, unknown>; endData?: Record<string, unknown> };
}

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const [file] = args.filter((a) => !a.startsWith('--'));
const fromMark = flag('from') ?? 'bill-tap';
const toMark = flag('to') ?? 'bill-shown';
const afterMs = Number(flag('after') ?? 40);

const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const mark = (name: string) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
const from = mark(fromMark);
const to = mark(toMark);
if (!from || !to) throw new Error(`marks ${fromMark}/${toMark} not in the trace`);
const pid = from.pid;
const mainTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid ?? from.tid;
const t0 = from.ts;
const t1 = to.ts + afterMs * 1000;
const ms = (us: number) => (us / 1000).toFixed(1);

// Complete events of the main thread, B/E pairs folded into complete ones.
const main: TraceEvent[] = [];
const open: TraceEvent[] = [];
for (const e of events) {
  if (e.pid !== pid || e.tid !== mainTid) continue;
  if (e.ph === 'X') main.push(e);
  else if (e.ph === 'B') open.push(e);
  else if (e.ph === 'E') {
    const b = open.pop();
    if (b) main.push({ ...b, ph: 'X', dur: e.ts - b.ts, args: { ...b.args, endData: e.args?.data } });
  }
}
main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
const kind = (e: TraceEvent): string => {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EventDispatch':
      return `event ${String(d.type)}`;
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint';
    case 'HitTest':
      return 'hit-test';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'V8.GC_MARK_COMPACTOR':
      return 'gc';
    case 'FunctionCall':
    case 'EvaluateScript':
    case 'v8.callFunction':
    case 'V8.Execute':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
    case 'RunMicrotasks':
    case 'v8.run':
    case 'v8.compile':
      return 'script';
    case 'ParseHTML':
      return 'parse-html';
    case 'ResourceReceiveResponse':
    case 'ResourceFinish':
    case 'ResourceReceivedData':
      return 'network';
    default:
      return isTask(e) ? 'task (other)' : e.cat.includes('devtools.timeline') ? `other ${e.name}` : 'task (other)';
  }
};

/** Self time per kind inside [start, end) of the given top-level task, nested events subtracted. */
function breakdown(task: TraceEvent): { byKind: Map<string, number>; styleElements: number; notes: string[] } {
  const end = task.ts + (task.dur ?? 0);
  const inner = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 0);
  const byKind = new Map<string, number>();
  let styleElements = 0;
  const notes: string[] = [];
  const stack: Array<{ e: TraceEvent; end: number; childUs: number; kind: string }> = [{ e: task, end, childUs: 0, kind: kind(task) }];
  const closeUntil = (ts: number) => {
    while (stack.length > 1 && stack[stack.length - 1].end <= ts) {
      const top = stack.pop()!;
      stack[stack.length - 1].childUs += top.e.dur ?? 0;
      // A generic wrapper inherits the kind of what encloses it (script inside an event dispatch).
      byKind.set(top.kind, (byKind.get(top.kind) ?? 0) + (top.e.dur ?? 0) - top.childUs);
    }
  };
  for (const e of inner) {
    closeUntil(e.ts);
    let k = kind(e);
    const parentKind = stack[stack.length - 1].kind;
    if (k === 'task (other)' || (k === 'script' && parentKind.startsWith('event'))) k = parentKind === 'task (other)' ? (k === 'task (other)' ? 'task (other)' : k) : parentKind;
    if (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles') {
      const n = Number(e.args?.elementCount ?? e.args?.endData?.elementCount ?? e.args?.beginData?.elementCount ?? 0);
      styleElements += n;
      if ((e.dur ?? 0) >= 2000) notes.push(`style ${ms(e.dur ?? 0)} ms / ${n} el`);
    } else if (e.name === 'Layout' && (e.dur ?? 0) >= 2000) {
      const b = e.args?.beginData ?? {};
      notes.push(`layout ${ms(e.dur ?? 0)} ms / ${String(b.dirtyObjects ?? '?')} of ${String(b.totalObjects ?? '?')} obj`);
    } else if ((e.name === 'FunctionCall' || e.name === 'v8.callFunction') && (e.dur ?? 0) >= 3000) {
      const d = e.args?.data ?? {};
      const where = d.url ? `${String(d.url).replace(/^.*\//, '')}:${String(d.lineNumber ?? '')}` : '';
      notes.push(`fn ${String(d.functionName || '(anon)')} ${where} ${ms(e.dur ?? 0)} ms`);
    }
    stack.push({ e, end: e.ts + (e.dur ?? 0), childUs: 0, kind: k });
  }
  closeUntil(Infinity);
  const root = stack[0];
  byKind.set(root.kind, (byKind.get(root.kind) ?? 0) + (root.e.dur ?? 0) - root.childUs);
  return { byKind, styleElements, notes };
}

const tasks = main.filter((e) => isTask(e) && e.ts + (e.dur ?? 0) > t0 && e.ts < t1 && (e.dur ?? 0) >= 500);
// RunTask may nest (a task running a nested loop): keep the outermost only.
const top = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0)));

console.log(`trace: ${fromMark} → ${toMark} = ${ms(to.ts - from.ts)} ms (+${afterMs} ms shown); main thread tasks ≥ 0.5 ms`);
console.log(`${'start'.padStart(7)} ${'dur'.padStart(6)}  what (self ms by kind)`);
const totals = new Map<string, number>();
let busy = 0;
let elements = 0;
for (const t of top) {
  const { byKind, styleElements, notes } = breakdown(t);
  busy += t.dur ?? 0;
  elements += styleElements;
  for (const [k, v] of byKind) totals.set(k, (totals.get(k) ?? 0) + v);
  const parts = [...byKind].filter(([, v]) => v >= 300).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${ms(v)}`);
  const marker = t.ts + (t.dur ?? 0) > to.ts && t.ts <= to.ts ? '  ← bill-shown' : '';
  console.log(`${ms(t.ts - t0).padStart(7)} ${ms(t.dur ?? 0).padStart(6)}  ${parts.join(' | ')}${notes.length ? `  [${notes.join('; ')}]` : ''}${marker}`);
}
console.log(`\nbusy ${ms(busy)} ms of ${ms(t1 - t0)} ms; style recalculated ${elements} elements`);
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1])) if (v >= 300) console.log(`${ms(v).padStart(8)} ms  ${k}`);
