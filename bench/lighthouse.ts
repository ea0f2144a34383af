/**
 * Lighthouse's figures (issue 23): performance, accessibility, best practices and SEO of the home
 * page, a question list and an exercise page, with Lighthouse's mobile preset (a mid-range phone
 * on slow 4G, simulated) and its desktop preset, in Debian's Chromium. The question list and the
 * exercise page are a signed-in learner's (a token in the page's storage, which Lighthouse is
 * told to keep); home is measured signed out, as a visitor first sees it. Figures only.
 *
 * It also prints the home page's JavaScript at network idle, signed out and signed in (issue 19's
 * budget: ≤ 180 kB gzip), the list's and the exercise's JavaScript until their content shows (the
 * figure a busy machine does not change) with the main thread's CPU time until then, and the machine's load average before and after: on a busy machine
 * Lighthouse's simulated phone reports the main thread's contention as blocking time.
 * BENCH_LIGHTHOUSE_RUNS (default 3) audits each page that many times and prints the median run;
 * BENCH_LIGHTHOUSE_PAGES and BENCH_LIGHTHOUSE_PRESETS pick some of them; BENCH_LIGHTHOUSE_DETAIL=1
 * prints the median run's LCP element and its phases (TTFB, load delay, load time, render delay),
 * its long tasks (the blocking time's parts) and where its main thread went (by kind and script).
 *
 * `npm run bench -- lighthouse` runs it against a server the bench starts; `node --import tsx
 * bench/lighthouse.ts http://127.0.0.1:4186` against one already running.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { DEVELOPMENT_SMS_SIGN_KEY, SMS_SIGN_EXPIRE, smsSignPayload } from '@ninety/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

export const chromePath = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Target {
  label: string;
  path: string;
  signedIn: boolean;
  /** What shows once the page's content is painted: its items' links, the item's options. */
  content?: { selector: string; name: string };
}

const TARGETS: readonly Target[] = [
  { label: 'home', path: '/', signedIn: false },
  {
    label: 'question list',
    path: '/question-list/RMCS/1',
    signedIn: true,
    content: { selector: 'main a[href^="/exp/"]', name: 'its rows show' },
  },
  {
    label: 'exercise',
    path: '/exp/RMCS/rmcs-0001',
    signedIn: true,
    content: { selector: 'main [role="radiogroup"] input', name: 'its options show' },
  },
];

/** Signs a new learner in through the development SMS outbox, as the web client would. */
export async function signIn(baseUrl: string): Promise<string> {
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const fields = {
    userAgent: 'bench',
    ts: String(Math.floor(Date.now() / 1000)),
    expire: String(SMS_SIGN_EXPIRE),
    netIp: '',
    clientType: 'pcweb',
    phone,
  };
  const sign = createHash('md5')
    .update(smsSignPayload(fields, DEVELOPMENT_SMS_SIGN_KEY))
    .digest('hex')
    .toUpperCase();
  const sent = await fetch(`${baseUrl}/api/message/sendSms`, {
    method: 'POST',
    headers: { ...fields, 'content-type': 'application/json' },
    body: JSON.stringify({ phone, phonecode: '86', sign }),
  });
  if (!sent.ok) throw new Error(`sendSms: ${sent.status} ${await sent.text()}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${phone}`)).json()) as {
    data: { list: { code: string }[] };
  };
  const code = outbox.data.list[0]?.code;
  if (!code) throw new Error('no SMS code in the development outbox');
  const login = await fetch(`${baseUrl}/api/auth/loginPhone`, {
    method: 'POST',
    headers: { clienttype: 'pcweb', 'content-type': 'application/json' },
    body: JSON.stringify({ phone, phonecode: '86', code }),
  });
  if (!login.ok) throw new Error(`loginPhone: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

type Scores = Record<(typeof CATEGORIES)[number], number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Where the run's main thread went (BENCH_LIGHTHOUSE_DETAIL=1 prints it). */
  detail: string[];
};

/** The run's LCP element, main-thread time by kind and the scripts that took the most of it. */
function runDetail(audits: Record<string, { details?: unknown; numericValue?: number }>): string[] {
  // A table's rows (the audits read here are tables).
  const items = (id: string) =>
    (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const [lcpElement, lcpPhases] = items('largest-contentful-paint-element') as [
    { items?: { node?: { snippet?: string } }[] } | undefined,
    { items?: { phase?: string; timing?: number }[] } | undefined,
  ];
  const phases = (lcpPhases?.items ?? [])
    .map((phase) => `${phase.phase ?? '?'} ${ms(phase.timing)}`)
    .join(', ');
  const byKind = items('mainthread-work-breakdown')
    .slice(0, 5)
    .map((item) => `${String(item['groupLabel'] ?? item['group'])} ${ms(item['duration'])}`);
  const byScript = items('bootup-time')
    .slice(0, 6)
    .map((item) => `${String(item['url']).replace(/^.*\//, '')} ${ms(item['total'])}`);
  // The tasks over 50 ms that make up the blocking time, in page order: which script, and when.
  const longTasks = items('long-tasks')
    .slice()
    .sort((a, b) => Number(a['startTime']) - Number(b['startTime']))
    .map(
      (item) =>
        `${String(item['url']).replace(/^.*\//, '') || '?'} ${ms(item['duration'])} at ${ms(item['startTime'])}`,
    );
  return [
    `LCP element: ${lcpElement?.items?.[0]?.node?.snippet ?? '?'} (${phases || 'no phases'})`,
    `long tasks: ${longTasks.join(', ') || 'none'}`,
    `main thread ${ms(audits['mainthread-work-breakdown']?.numericValue)}: ${byKind.join(', ')}`,
    `scripts: ${byScript.join(', ')}`,
  ];
}

async function audit(
  port: number,
  url: string,
  preset: 'mobile' | 'desktop',
): Promise<Scores | null> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      // The signed-in pages need the token put in storage beforehand.
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) return null;
  // A run Lighthouse could not finish (no LCP, a protocol timeout on a busy machine) scores 0:
  // say why, so that it is not read as the page's figure.
  const failure = result.lhr.runtimeError;
  if (failure) console.log(`      (run failed: ${failure.code}: ${failure.message})`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    detail: runDetail(audits),
  };
}

/**
 * The JavaScript a page has asked for: once the network is idle (its lazy parts included), or,
 * given a selector, by the time that content is in the page (issue 23: what a phone loads before
 * the list's rows or the item show; unlike Lighthouse's timings, the same on a busy machine). The
 * number of files and their gzip size, each file compressed on its own (level 9) as served.
 */
async function pageScripts(
  port: number,
  url: string,
  contentSelector?: string,
): Promise<{ files: number; gzip: number; mainThreadMs?: number } | null> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    let requested: string[];
    let mainThreadMs: number | undefined;
    if (contentSelector) {
      await page.tracing.start({ categories: ['toplevel', 'devtools.timeline'] });
      await page.goto(url);
      await page.waitForSelector(contentSelector);
      requested = [...scripts];
      const trace = await page.tracing.stop();
      mainThreadMs = trace ? mainThreadCpuMs(Buffer.from(trace).toString('utf8')) : undefined;
    } else {
      await page.goto(url, { waitUntil: 'networkidle0' });
      requested = [...scripts];
    }
    await page.close();
    let gzip = 0;
    for (const url of requested) {
      const response = await fetch(url);
      if (!response.ok) return null;
      gzip += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    }
    return {
      files: requested.length,
      gzip,
      ...(mainThreadMs === undefined ? {} : { mainThreadMs }),
    };
  } finally {
    await browser.disconnect();
  }
}

/**
 * The CPU time the pages' main threads spent on their tasks in a trace (issue 23): thread time,
 * not wall time, so a busy machine, which stretches every task Lighthouse times, moves it little.
 */
/** A main thread's top-level task, by the name Chromium's versions give it. */
export const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

function mainThreadCpuMs(traceJson: string): number {
  type TraceEvent = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    tdur?: number;
    args?: { name?: string };
  };
  const { traceEvents } = JSON.parse(traceJson) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // Per renderer: the page's is the busiest one (others are spare or the bench's own pages).
  const micros = new Map<string, number>();
  for (const event of traceEvents) {
    const thread = `${event.pid}:${event.tid}`;
    if (TOP_LEVEL_TASKS.has(event.name) && event.ph === 'X' && mainThreads.has(thread)) {
      micros.set(thread, (micros.get(thread) ?? 0) + (event.tdur ?? 0));
    }
  }
  return Math.max(0, ...micros.values()) / 1000;
}

const PRESETS = ['mobile', 'desktop'] as const;

/**
 * A filter from a comma-separated environment variable (e.g. BENCH_LIGHTHOUSE_PAGES=exercise,
 * BENCH_LIGHTHOUSE_PRESETS=mobile): measuring one page before and after a change at the same load
 * takes minutes instead of a quarter of an hour. Unset: everything.
 */
function wanted<T>(variable: string, name: (value: T) => string): (value: T) => boolean {
  const list = process.env[variable]
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return (value) => !list?.length || list.includes(name(value));
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

/** The run with the median performance score (LCP, TBT and CLS are that run's). */
function medianRun(runs: Scores[]): Scores | null {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/**
 * Empties the browser's HTTP cache, keeping the site's storage (the token): Lighthouse is told not
 * to reset storage, which would also leave every run after the first one loading from the cache.
 */
async function clearHttpCache(port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Puts (or removes) the learner's token in the site's storage, through the same browser. */
async function setToken(port: number, baseUrl: string, token: string | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    // A string: the bench is compiled without the DOM's types.
    await page.evaluate(
      token ? `localStorage.setItem('token', ${JSON.stringify(token)})` : 'localStorage.clear()',
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

export async function lighthouseBench(baseUrl: string): Promise<void> {
  if (!existsSync(chromePath)) {
    console.log(`Lighthouse:                              skipped (no ${chromePath})`);
    return;
  }
  const token = await signIn(baseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const runs = Math.max(1, Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3) || 1);
  try {
    for (const signedIn of [false, true]) {
      await setToken(chrome.port, baseUrl, signedIn ? token : null);
      await clearHttpCache(chrome.port);
      const js = await pageScripts(chrome.port, `${baseUrl}/`);
      const name = `home page JS at network idle, signed ${signedIn ? 'in:' : 'out:'}`.padEnd(42);
      console.log(
        js ? `${name}${(js.gzip / 1024).toFixed(1)} kB gzip (${js.files} files)` : `${name}failed`,
      );
    }
    // Each page's JavaScript until its content shows.
    for (const target of TARGETS.filter(wanted('BENCH_LIGHTHOUSE_PAGES', (t) => t.label))) {
      if (!target.content) continue;
      await setToken(chrome.port, baseUrl, target.signedIn ? token : null);
      await clearHttpCache(chrome.port);
      const js = await pageScripts(
        chrome.port,
        `${baseUrl}${target.path}`,
        target.content.selector,
      );
      const name = `${target.label} JS until ${target.content.name}:`.padEnd(42);
      const cpu =
        js?.mainThreadMs === undefined ? '' : `, main thread ${Math.round(js.mainThreadMs)} ms CPU`;
      console.log(
        js
          ? `${name}${(js.gzip / 1024).toFixed(1)} kB gzip (${js.files} files${cpu})`
          : `${name}failed`,
      );
    }
    console.log(
      `Lighthouse 12 (performance / accessibility / best practices / SEO; LCP, TBT, CLS), ` +
        `median of ${runs} run${runs === 1 ? '' : 's'}; load average ${loadAverage()}:`,
    );
    for (const target of TARGETS.filter(wanted('BENCH_LIGHTHOUSE_PAGES', (t) => t.label))) {
      await setToken(chrome.port, baseUrl, target.signedIn ? token : null);
      for (const preset of PRESETS.filter(wanted('BENCH_LIGHTHOUSE_PRESETS', (p) => p))) {
        const results: Scores[] = [];
        for (let run = 0; run < runs; run += 1) {
          await clearHttpCache(chrome.port);
          const scores = await audit(chrome.port, `${baseUrl}${target.path}`, preset);
          if (scores) results.push(scores);
        }
        const scores = medianRun(results);
        const name = `  ${target.label}, ${preset}:`.padEnd(42);
        const all = runs > 1 ? `  [${results.map((run) => run.performance).join(', ')}]` : '';
        console.log(
          scores
            ? `${name}${scores.performance} / ${scores.accessibility} / ${scores['best-practices']} / ${scores.seo}` +
                `  (LCP ${(scores.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(scores.tbtMs)} ms, CLS ${scores.cls.toFixed(2)})${all}`
            : `${name}no result`,
        );
        if (scores && process.env['BENCH_LIGHTHOUSE_DETAIL']) {
          for (const line of scores.detail) console.log(`      ${line}`);
        }
      }
    }
    console.log(`  load average after: ${loadAverage()}`);
  } finally {
    chrome.kill();
  }
}

// Run on its own against a server that is already up.
if (process.argv[1]?.endsWith('lighthouse.ts')) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
  lighthouseBench(baseUrl.replace(/\/$/, '')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
