/**
 * Mock exams' figure (issue 13): the time from the last answer of a full paper to its report
 * being ready, speech and writing included, on PostgreSQL.
 * Three ways of sitting the paper:
 *  - paced: each spoken or written answer is scored before the next is sent, as when a learner
 *    takes ~80 minutes over part 1 and the scorer keeps up (what a learner meets);
 *  - back to back: every answer sent as fast as the API takes them (the worst case: the whole
 *    paper's scoring left for after the last answer);
 *  - fleet: back to back to an API server that scores nothing, with two worker processes taking
 *    the paper's jobs (WORKERS_IN_PROCESS=false, as scripts/local-fleet.ts runs them); prints
 *    how many tries each worker took;
 *  - ui: the exam page in Chromium with a fake microphone sits the speaking items of the
 *    all-types paper, and the page's long frames are counted from each recording's end until its
 *    submit is answered (issue 13: "no frame over 100 ms during upload").
 * Recordings are espeak-ng clips of the item's own text where it has one, of about an answer's
 * length otherwise. Figures only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type { MockPaperState, MockReport } from '@ninety/contract';
import pg from 'pg';
import * as F from '../apps/server/src/adapters/speech/test-support/fixtures';
import { openDatabase } from '../apps/server/src/db/client';
import { createLearner } from '../apps/server/test/factories';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_BUILD_DIR (made by scripts/build-to.sh) runs a build of one's own while dist/ is rewritten.
const dist = path.join(root, 'apps/server', process.env['BENCH_BUILD_DIR'] ?? 'dist');
const webDist = path.join(root, 'apps/web', process.env['BENCH_BUILD_DIR'] ?? 'dist');
// BENCH_MOCK_WAYS=back-to-back (or paced, fleet, ui) times those ways only; default all four.
const ways = (process.env['BENCH_MOCK_WAYS'] ?? 'paced,back-to-back,fleet,ui').split(',');

const FILLER =
  'Research on cities shows that public transport, green space and affordable housing shape how people live, ' +
  'and planners now compare data from many countries before they decide where to build new homes and schools. ' +
  'The lecture also explains that the results depend on funding and on how residents take part in decisions.';

/** What a learner might say for a spoken item: its own text, or filler of the answer's length. */
function spokenText(state: NonNullable<MockPaperState['current']>): string {
  const content = state.content as { text?: unknown; transcript?: unknown };
  if (state.type === 'RA' && typeof content.text === 'string') return content.text;
  const words = FILLER.split(' ');
  const lengths: Partial<Record<string, number>> = {
    RS: 12,
    ASQ: 3,
    DI: 80,
    RL: 80,
    RTS: 80,
    SGD: 150,
    PI: 60,
  };
  const length = lengths[state.type] ?? 40;
  return Array.from({ length }, (_, index) => words[index % words.length]).join(' ');
}

/** A typed answer of about the right size for a writing item; objective items left unanswered. */
function typedAnswer(type: string): unknown {
  const sentence = FILLER.split('. ')[0] ?? FILLER;
  if (type === 'SWT') return { text: `${sentence}.` };
  if (type === 'SST') return { text: FILLER.split(' ').slice(0, 60).join(' ') + '.' };
  if (type === 'WE') return { text: Array.from({ length: 4 }, () => FILLER).join(' ') };
  return null;
}

const SPOKEN = new Set(['PI', 'RA', 'RS', 'DI', 'RL', 'ASQ', 'SGD', 'RTS']);
const WRITTEN = new Set(['SWT', 'SST', 'WE']);

/** Items the clock submitted because the bench was still waiting (reported with the figure). */
let timedOut = 0;

async function sitPaper(
  url: string,
  token: string,
  waitForScoring: () => Promise<void>,
  paced: boolean,
): Promise<number> {
  const call = async <T>(method: string, route: string, body?: unknown, wav?: Buffer) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        token,
        ...(wav
          ? { 'content-type': 'audio/wav' }
          : body
            ? { 'content-type': 'application/json' }
            : {}),
      },
      body: wav ?? (body ? JSON.stringify(body) : undefined),
    });
    const envelope = (await response.json()) as { data?: T; msg?: string };
    if (!response.ok || !envelope.data)
      throw new Error(`${route}: ${response.status} ${envelope.msg}`);
    return envelope.data;
  };
  let state = await call<MockPaperState>('POST', '/api/mock/papers', { blueprintId: 'full-mock' });
  let lastAnswer = 0;
  while (state.current) {
    const current = state.current;
    const base = `/api/mock/papers/${state.id}/items/${current.index}`;
    try {
      if (SPOKEN.has(current.type)) {
        const wav = readFileSync(F.clipFile({ text: spokenText(current) }));
        state = await call<MockPaperState>('POST', `${base}/recording`, undefined, wav);
      } else {
        state = await call<MockPaperState>('POST', `${base}/answer`, {
          answer: typedAnswer(current.type),
        });
      }
    } catch (error) {
      // Waiting for the previous item's score took this item's time (a loaded machine): the
      // clock submitted it, and the paper goes on, as it would for a learner.
      timedOut += 1;
      state = await call<MockPaperState>('GET', `/api/mock/papers/${state.id}`);
      if (state.current?.index === current.index) throw error;
      continue;
    }
    lastAnswer = performance.now();
    if (paced && (SPOKEN.has(current.type) || WRITTEN.has(current.type))) await waitForScoring();
  }
  for (;;) {
    const report = await call<MockReport>('GET', `/api/mock/reports/${state.id}`);
    if (report.status === 'ready') return performance.now() - lastAnswer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Started {
  url: string;
  stop(): Promise<void>;
}

/** Starts a built entry; resolves on its ready line. `onLine` sees every line it prints. */
function startEntry(
  entry: 'server.mjs' | 'worker.mjs',
  env: Record<string, string>,
  ready: RegExp,
  onLine: (line: string) => void = () => undefined,
): Promise<Started> {
  const child = spawn(process.execPath, [path.join(dist, entry)], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let rest = '';
    let isReady = false;
    const onData = (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
      if (isReady) return;
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        isReady = true;
        resolve({ url: match[1] ?? '', stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${output}`)));
  });
}

/** What the exam page records about itself (installed before its scripts run). */
interface PageTimeline {
  /** Long animation frames and long tasks (≥ 50 ms), page time in ms. */
  frames: {
    kind: 'long-animation-frame' | 'longtask';
    start: number;
    duration: number;
    /** Style, layout and paint at the frame's end (ms). */
    render?: number;
    scripts?: { what: string; duration: number }[];
  }[];
  /** When a recording stopped: the recorder's status left "Recording". */
  recordingEnds: number[];
  /** When each recording's submit was answered (the upload's reference, or the raw body). */
  submits: { path: string; end: number }[];
}

/**
 * Installed before the page's scripts (as text: the bench is typed for Node, not the DOM). Long
 * frames are observed buffered, so none is missed while the bench waits between looks.
 */
const WATCH_EXAM_PAGE = `(() => {
  const timeline = { frames: [], recordingEnds: [], submits: [] };
  window.__mockUi = timeline;
  performance.setResourceTimingBufferSize(10000);
  for (const kind of ['long-animation-frame', 'longtask']) {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          timeline.frames.push({
            kind,
            start: entry.startTime,
            duration: entry.duration,
            // What ran in the frame (long animation frames only): the longest scripts, and how
            // much of the frame was style, layout and paint.
            render: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
            scripts: (entry.scripts || [])
              .map((script) => ({
                what: (script.invoker || script.invokerType) + ' ' + (script.sourceFunctionName || '') +
                  ' ' + (script.sourceURL || '').split('/').pop(),
                duration: Math.round(script.duration),
              }))
              .sort((a, b) => b.duration - a.duration)
              .slice(0, 3),
          });
      }).observe({ type: kind, buffered: true });
    } catch {}
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = new URL(entry.name).pathname;
      if (/^\\/api\\/mock\\/papers\\/[^/]+\\/items\\/\\d+\\/recording(-upload)?$/.test(path))
        timeline.submits.push({ path, end: entry.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
  let wasRecording = false;
  new MutationObserver(() => {
    const status = document.querySelector('[role="status"][aria-label="录音状态"]');
    const isRecording = /Recording/.test(status ? status.textContent : '');
    if (wasRecording && !isRecording) timeline.recordingEnds.push(performance.now());
    wasRecording = isRecording;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/**
 * A microphone that keeps talking: ~30 s of speech then 4.5 s of quiet, looped by Chromium, so
 * every recording has speech and ends by the 3 s silence rule (or the item's limit), as a
 * learner's answers of 10–35 s do.
 */
function loopingMicrophone(work: string): string {
  const speech = F.clipFile({ text: FILLER });
  const sox = (...args: string[]) => execFileSync('sox', args, { stdio: 'ignore' });
  const head = path.join(work, 'head.wav');
  const tail = path.join(work, 'tail.wav');
  const joined = path.join(work, 'joined.wav');
  const noise = path.join(work, 'noise.wav');
  const mic = path.join(work, 'mic.wav');
  sox('-n', '-r', '16000', '-c', '1', '-b', '16', head, 'trim', '0', '0.3');
  sox('-n', '-r', '16000', '-c', '1', '-b', '16', tail, 'trim', '0', '4.5');
  sox(head, speech, tail, joined);
  const seconds = execFileSync('soxi', ['-D', joined]).toString().trim();
  // A noise floor under the app's speech threshold, as the journeys' microphones have.
  sox(
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    noise,
    'synth',
    seconds,
    'whitenoise',
    'vol',
    '0.001',
  );
  sox('-m', joined, noise, '-r', '16000', '-c', '1', '-b', '16', mic);
  return mic;
}

/** Check-in of the all-types paper as a learner does it, then Start. */
async function checkIn(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: 'Test Introduction' })
    .getByRole('button', { name: 'Next' })
    .click();
  const headset = page.getByRole('region', { name: 'Headset Check' });
  await headset.getByRole('button', { name: 'Play' }).click();
  await headset.getByRole('button', { name: 'Next' }).click({ timeout: 30_000 });
  const microphone = page.getByRole('region', { name: 'Microphone Check' });
  await microphone.getByRole('button', { name: 'Record' }).click();
  await microphone.getByText('Microphone OK').waitFor({ timeout: 30_000 });
  await microphone.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('region', { name: 'Start' }).getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/PTE-MockExam\?id=/);
}

/**
 * The exam UI while recordings upload: the all-types paper's speaking items (PI to RTS) sat in
 * Chromium with a fake microphone on the built server; each recording's window runs from its end
 * (less 250 ms: the task that stops the recording and writes the WAV runs just before the
 * status says so) to the answer of its submit. Frames are the page's long animation frames (and
 * long tasks, for comparison), buffered, so none is missed while the bench waits.
 */
async function uiBench(url: string, token: string): Promise<string> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'ninety-bench-mock-ui-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${loopingMicrophone(work)}`,
    ],
  });
  try {
    const load = () => os.loadavg()[0]!.toFixed(1);
    const loadBefore = load();
    const context = await browser.newContext({ baseURL: url, locale: 'zh-CN' });
    await context.addInitScript({
      content: `window.localStorage.setItem('token', ${JSON.stringify(token)});`,
    });
    await context.addInitScript({ content: WATCH_EXAM_PAGE });
    const page = await context.newPage();
    await page.goto('/PTE-MockExam?blueprint=test-all-types');
    await checkIn(page);
    const paperId = new URL(page.url()).searchParams.get('id') ?? '';
    const spoken: string[] = [];
    for (;;) {
      const question = page.getByRole('region', { name: /^Question \d+$/ });
      await question.waitFor({ timeout: 120_000 });
      const response = await fetch(`${url}/api/mock/papers/${paperId}`, { headers: { token } });
      const current = ((await response.json()) as { data: MockPaperState }).data.current;
      if (!current || !SPOKEN.has(current.type)) break;
      spoken.push(current.type);
      // The item runs by itself: prompt, preparation, recording, upload, the next item.
      await page
        .getByRole('region', { name: `Question ${current.index + 1}`, exact: true })
        .waitFor({
          state: 'detached',
          timeout: ((current.timing.itemSeconds ?? 600) + 120) * 1000,
        });
    }
    const timeline = (await page.evaluate('window.__mockUi')) as PageTimeline;
    const loadAfter = load();
    const loaf = timeline.frames.filter((frame) => frame.kind === 'long-animation-frame');
    const frames = loaf.length > 0 ? loaf : timeline.frames;
    const tasks = timeline.frames.filter((frame) => frame.kind === 'longtask');
    const windows = timeline.submits.map((submit) => {
      const end = Math.max(
        ...timeline.recordingEnds.filter((at) => at <= submit.end),
        Number.NEGATIVE_INFINITY,
      );
      return { from: Number.isFinite(end) ? end - 250 : submit.end, to: submit.end };
    });
    const inWindows = (list: PageTimeline['frames']) =>
      list.filter((frame) =>
        windows.some((w) => frame.start < w.to && frame.start + frame.duration > w.from),
      );
    const describe = (list: PageTimeline['frames']) => {
      const longest = Math.max(0, ...list.map((frame) => frame.duration));
      const over = list.filter((frame) => frame.duration > 100).length;
      return `longest ${longest.toFixed(0)} ms, ${over} over 100 ms (${list.length} of ≥ 50 ms)`;
    };
    const uploadMs = windows.map((w) => ((w.to - w.from) / 1000).toFixed(1));
    // What the frames over 100 ms during upload ran: the cause to cut, when there are any.
    const causes = inWindows(frames)
      .filter((frame) => frame.duration > 100)
      .map(
        (frame) =>
          `${frame.duration.toFixed(0)} ms (render ${frame.render?.toFixed(0) ?? '?'} ms; ` +
          `${(frame.scripts ?? []).map((script) => `${script.what} ${script.duration} ms`).join(', ') || 'no script'})`,
      );
    return (
      `${timeline.submits.length} recordings uploaded (${spoken.join(' ')}; end → submit answered ${uploadMs.join(', ')} s); ` +
      `during upload: ${loaf.length > 0 ? 'animation frames' : 'long tasks (no long-animation-frame entries)'} ${describe(inWindows(frames))}; ` +
      `long tasks ${describe(inWindows(tasks))}; whole run (load, check-in, items): ${describe(frames)}; load ${loadBefore} → ${loadAfter}` +
      (causes.length > 0 ? `\n    frames over 100 ms during upload: ${causes.join('; ')}` : '')
    );
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export async function mockBench(adminUrl: string | null): Promise<void> {
  console.log('\nmock exams');
  if (!adminUrl || !F.speechToolsAvailable()) {
    console.log('  skipped (needs PostgreSQL, espeak-ng and sox)');
    return;
  }
  const name = `ninety_bench_mock_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const storageDir = path.join(root, 'data', `bench-mock-${name}`);
  const env = {
    DATABASE_URL: url.toString(),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    SCORING_MAX_WAITING: '1000',
    STORAGE_DIR: storageDir,
  };
  const processes: Started[] = [];
  const stopAll = async () => {
    for (const started of processes.splice(0).reverse()) await started.stop();
  };
  const database = await openDatabase(url.toString());
  try {
    const learnerFor = () => createLearner(database.db, { now: new Date(), isMember: true });
    const waitForScoringOf = (userId: number) => async () => {
      for (;;) {
        const { rows } = await database.queue.executeSql(
          `select count(*)::int as n from pgboss.job
           where name like 'score-%' and state < 'completed' and data ->> 'userId' = $1`,
          [String(userId)],
        );
        if (Number(rows[0]?.['n']) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // How many of the learner's scoring jobs run at once, and how many answers wait deferred (the
    // queue refused them for now), from the first answer to the report: the queue's parallelism
    // as a paper meets it.
    const sampleParallelism = (userId: number) => {
      const running: number[] = [];
      let mostDeferred = 0;
      let isSampling = true;
      const done = (async () => {
        while (isSampling) {
          const { rows } = await database.queue.executeSql(
            `select (select count(*)::int from pgboss.job
                      where name like 'score-%' and state = 'active' and data ->> 'userId' = $1) as active,
                    (select count(*)::int from mock_paper_items where scoring = 'deferred') as deferred`,
            [String(userId)],
          );
          const active = Number(rows[0]?.['active']);
          const deferred = Number(rows[0]?.['deferred']);
          mostDeferred = Math.max(mostDeferred, deferred);
          if (active > 0 || deferred > 0) running.push(active);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      return async () => {
        isSampling = false;
        await done;
        const mean = running.reduce((sum, value) => sum + value, 0) / Math.max(1, running.length);
        return `scoring jobs running at once: mean ${mean.toFixed(1)}, max ${Math.max(0, ...running)}; answers deferred at most ${mostDeferred}`;
      };
    };
    const clockNote = () => (timedOut ? ` (${timedOut} items submitted by the clock)` : '');

    if (ways.includes('paced') || ways.includes('back-to-back')) {
      // npm start's shape: one server that scores in-process.
      const server = await startEntry('server.mjs', env, /Ninety 已启动：(\S+)/);
      processes.push(server);
      const { token, userId } = await learnerFor();
      if (ways.includes('paced')) {
        timedOut = 0;
        const paced = await sitPaper(server.url, token, waitForScoringOf(userId), true);
        console.log(
          `  full mock, last answer → report ready (paced, scored as it goes):  ${(paced / 1000).toFixed(1)} s${clockNote()}`,
        );
      }
      if (ways.includes('back-to-back')) {
        timedOut = 0;
        const stopSampling = sampleParallelism(userId);
        const backToBack = await sitPaper(server.url, token, waitForScoringOf(userId), false);
        console.log(
          `  full mock, last answer → report ready (every answer back to back): ${(backToBack / 1000).toFixed(1)} s${clockNote()}; ${await stopSampling()}`,
        );
      }
      await stopAll();
    }

    if (ways.includes('fleet')) {
      // One paper spread over a fleet (issue 13): an API server that scores nothing and two
      // worker processes of one speech thread each (two threads in all, as in-process on this
      // machine), the paper's slots set to their four fetchers (MOCK_RECORDINGS_IN_FLIGHT).
      // Each worker logs the tries it takes (debug), so the spread is counted, not assumed.
      const server = await startEntry(
        'server.mjs',
        {
          ...env,
          CONTENT_IMPORT_ON_START: 'false',
          WORKERS_IN_PROCESS: 'false',
          MOCK_RECORDINGS_IN_FLIGHT: '4',
        },
        /Ninety 已启动：(\S+)/,
      );
      processes.push(server);
      const taken = [new Map<string, number>(), new Map<string, number>()];
      for (const counts of taken) {
        const worker = await startEntry(
          'worker.mjs',
          { ...env, SPEECH_WORKERS: '1', LOG_LEVEL: 'debug' },
          /Ninety (评分进程已启动)/,
          (line) => {
            if (!line.includes('scoring try started')) return;
            const entry = JSON.parse(line) as { kind?: string };
            const kind = entry.kind ?? 'unknown';
            counts.set(kind, (counts.get(kind) ?? 0) + 1);
          },
        );
        processes.push(worker);
      }
      const { token, userId } = await learnerFor();
      timedOut = 0;
      const stopSampling = sampleParallelism(userId);
      const fleet = await sitPaper(server.url, token, waitForScoringOf(userId), false);
      const spread = taken
        .map(
          (counts, index) =>
            `worker ${index + 1} took ${[...counts.values()].reduce((sum, n) => sum + n, 0)} tries (` +
            ([...counts.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none') +
            ')',
        )
        .join('; ');
      console.log(
        `  full mock on 2 worker processes, back to back, last answer → report: ${(fleet / 1000).toFixed(1)} s${clockNote()}; ${spread}; ${await stopSampling()}`,
      );
      await stopAll();
    }

    if (ways.includes('ui')) {
      // The built pages on the same server shape; the all-types paper is the test blueprint.
      const server = await startEntry(
        'server.mjs',
        { ...env, WEB_DIST_DIR: webDist, MOCK_TEST_BLUEPRINTS: 'true' },
        /Ninety 已启动：(\S+)/,
      );
      processes.push(server);
      const { token } = await learnerFor();
      console.log(`  exam UI while recordings upload: ${await uiBench(server.url, token)}`);
      await stopAll();
    }
  } finally {
    await stopAll();
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mockBench(process.env['BENCH_DATABASE_URL'] ?? null).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
