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
 *    how many tries each worker took.
 * Recordings are espeak-ng clips of the item's own text where it has one, of about an answer's
 * length otherwise. Figures only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockPaperState, MockReport } from '@ninety/contract';
import pg from 'pg';
import * as F from '../apps/server/src/adapters/speech/test-support/fixtures';
import { openDatabase } from '../apps/server/src/db/client';
import { createLearner } from '../apps/server/test/factories';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_BUILD_DIR (made by scripts/build-to.sh) runs a build of one's own while dist/ is rewritten.
const dist = path.join(root, 'apps/server', process.env['BENCH_BUILD_DIR'] ?? 'dist');
// BENCH_MOCK_WAYS=back-to-back (or paced, or fleet) times those ways only; default all three.
const ways = (process.env['BENCH_MOCK_WAYS'] ?? 'paced,back-to-back,fleet').split(',');

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
