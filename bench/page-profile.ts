/**
 * Where a page's main thread goes while it loads (issue 23): Debian's Chromium at a phone's width
 * with its CPU throttled as Lighthouse's mobile preset simulates (4×), a signed-in learner, the
 * page loaded until its content shows. Prints
 *
 * - the main thread's tasks over 50 ms (what blocking time is made of), each with the first trace
 *   events of 8 ms or more inside it, outermost first (script evaluation, a function called by a
 *   timer, style and layout, a stylesheet's parse…), and the blocking time they add up to after
 *   the first contentful paint;
 * - the JavaScript CPU profile of the same load, by function, inclusive and self time; with
 *   `--dist=<dir>` of a build made with source maps (`npx vite build --sourcemap --outDir <dir>`
 *   in apps/web, served by the server under test), each function is named and placed in its
 *   source (`useCacheToken @ant-design/cssinjs/es/hooks/useCacheToken.js:68`).
 *
 * Figures only, from one load: run it a few times, and compare builds at the same load.
 *
 *   node --import tsx bench/page-profile.ts http://127.0.0.1:4186 [path] [--dist=apps/web/dist-sm]
 *     [--content='main [role="radiogroup"] input'] [--rate=4] [--top=40] [--long=50]
 */
import { readFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { chromePath, signIn, TOP_LEVEL_TASKS } from './lighthouse';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const baseUrl = positional[0];
if (!baseUrl) {
  console.error('usage: bench/page-profile.ts <server url> [path] [--dist=DIR] [--content=CSS]');
  process.exit(2);
}
const pagePath = positional[1] ?? '/exp/RMCS/rmcs-0001';
const contentSelector = arg('content') ?? 'main [role="radiogroup"] input';
const cpuSlowdown = Number(arg('rate') ?? 4);
const dist = arg('dist');
/** How many functions each list prints (inclusive; self gets half). */
const listed = Number(arg('top') ?? 40);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; styleSheetUrl?: string } };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Tasks over this are listed and counted as blocking (default 50 ms). Lighthouse's mobile preset
 * simulates: it takes an unthrottled load's tasks four times as long, so `--rate=1 --long=12.5`
 * lists the tasks its blocking time is made of.
 */
const LONG_TASK_US = Number(arg('long') ?? 50) * 1000;

const token = await signIn(baseUrl);
const browser = await chromium.launch({ executablePath: chromePath });
let trace: Buffer;
let profile: Profile;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // As text: the bench is compiled without the DOM's types.
  await context.addInitScript({
    content: `localStorage.setItem('token', ${JSON.stringify(token)})`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      'v8.execute',
      'blink',
      'loading',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(new URL(pagePath, baseUrl).href);
  await page.waitForSelector(contentSelector);
  // The work the content's arrival starts (effects, the preload batches) ends in a few tasks.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  profile = ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile;
  trace = await browser.stopTracing();
} finally {
  await browser.close();
}

// ---- Long tasks, from the trace.
const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
const evaluating = new Set(events.filter((e) => e.name === 'EvaluateScript').map((e) => e.pid));
const mainThread = events.find(
  (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && evaluating.has(e.pid),
);
const onMain = events.filter(
  (e) => e.ph === 'X' && e.pid === mainThread?.pid && e.tid === mainThread?.tid,
);
const origin = Math.min(...onMain.map((e) => e.ts));
const label = (e: TraceEvent) => {
  const data = e.args?.data;
  const where = data?.url ?? data?.styleSheetUrl ?? data?.functionName;
  return where ? `${e.name}(${String(where).split('/').pop()})` : e.name;
};
console.log(
  `${pagePath}, CPU ×${cpuSlowdown}: tasks over ${LONG_TASK_US / 1000} ms (start, duration, inside)`,
);
// Chromium nests one top-level task event in another: a task inside the last one is the same task.
let lastEnd = -Infinity;
const tasks = onMain
  .filter((e) => TOP_LEVEL_TASKS.has(e.name))
  .sort((a, b) => a.ts - b.ts)
  .filter((e) => {
    const end = e.ts + (e.dur ?? 0);
    if (e.ts < lastEnd) return false;
    lastEnd = end;
    return (e.dur ?? 0) > LONG_TASK_US;
  });
for (const task of tasks) {
  const end = task.ts + (task.dur ?? 0);
  const inside = onMain
    .filter((e) => !TOP_LEVEL_TASKS.has(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .filter((e) => (e.dur ?? 0) >= 8_000)
    .slice(0, 6)
    .map((e) => `${label(e)} ${Math.round((e.dur ?? 0) / 1000)}`);
  const start = Math.round((task.ts - origin) / 1000);
  console.log(`  ${start} ms +${Math.round((task.dur ?? 0) / 1000)}: ${inside.join(' | ')}`);
}
// Lighthouse's blocking time, measured rather than simulated: each task after the first
// contentful paint counted beyond its first 50 ms (or `--long`).
const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === mainThread?.pid);
if (paint) {
  const blocking = tasks
    .filter((task) => task.ts >= paint.ts)
    .reduce((sum, task) => sum + (task.dur ?? 0) - LONG_TASK_US, 0);
  const paintedAt = Math.round((paint.ts - origin) / 1000);
  console.log(
    `first contentful paint at ${paintedAt} ms; blocking after it ${Math.round(blocking / 1000)} ms`,
  );
}

// ---- The CPU profile, by function.
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!dist) return null;
  if (!maps.has(url)) {
    try {
      const file = `${dist}/assets/${url.split('/').pop() ?? ''}.map`;
      maps.set(url, new TraceMap(readFileSync(file, 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}
const fileOf = (url: string) => url.split('/').pop() ?? '';
function nameOf(frame: CallFrame): string {
  const map = frame.url ? mapOf(frame.url) : null;
  const at =
    map && frame.lineNumber >= 0
      ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
      : null;
  // Unmapped: no map, or a position the map does not cover (a module's top level, say).
  if (!at?.source) return `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}`;
  const source = at.source
    .split('node_modules/')
    .pop()
    ?.replace(/^.*\/src\//, 'src/');
  return `${at.name ?? (frame.functionName || '(anonymous)')} ${source}:${at.line ?? '?'}`;
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const sampled = new Map<number, number>();
profile.samples.forEach((id, i) =>
  sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)),
);
const inclusive = new Map<string, number>();
const self = new Map<string, number>();
for (const [leaf, micros] of sampled) {
  const counted = new Set<string>();
  for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
    const node = nodes.get(id);
    if (!node) break;
    const name = nameOf(node.callFrame);
    if (id === leaf) self.set(name, (self.get(name) ?? 0) + micros);
    // A recursive function counts once per sample.
    if (!counted.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    counted.add(name);
  }
}
const top = (times: Map<string, number>, count: number) =>
  [...times]
    .filter(([name]) => !/^\((root|idle|program|garbage collector)\)/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `  ${String(Math.round(micros / 1000)).padStart(5)} ms  ${name}`)
    .join('\n');
console.log(`JavaScript by function, inclusive (CPU ×${cpuSlowdown}):\n${top(inclusive, listed)}`);
console.log(`self:\n${top(self, Math.ceil(listed / 2))}`);
