/**
 * The fleet's figures (docs/deploy.md), on this machine:
 *  - the job queue's overhead per job, enqueue → a worker starting it, p50/p99, on PGlite and on
 *    PostgreSQL (a job nobody waits for: the worker is woken by NOTIFY);
 *  - audio seconds scored per second with 1 and with 2 scoring worker processes behind one API
 *    server on PostgreSQL (40 s Read Aloud recordings from several learners at once), the two
 *    at one speech thread per core each and with the cores split between them.
 * Figures only. Run alone with `npm run build && node --import tsx bench/fleet.ts`.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ItemSchema } from '@ninety/contract';
import pg from 'pg';
import yaml from 'yaml';
import { PgBossQueue } from '../apps/server/src/adapters/queue/pg-boss-queue';
import * as F from '../apps/server/src/adapters/speech/test-support/fixtures';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createLearner } from '../apps/server/test/factories';
import { seedItems } from '../apps/server/test/bank';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_BUILD_DIR (made by scripts/build-to.sh) runs a build of one's own while dist/ is rewritten.
const dist = path.join(root, 'apps/server', process.env['BENCH_BUILD_DIR'] ?? 'dist');

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

/** Enqueue → start of `count` jobs sent one after another to an idle in-process worker. */
async function queueOverhead(database: Database, count = 200): Promise<number[]> {
  const queue = new PgBossQueue({
    connection: database.queue,
    pollingSeconds: 2,
    maintenanceSeconds: 60,
    schedules: false,
    onError: (error) => console.error(error),
  });
  await queue.start();
  const name = `bench-${randomBytes(4).toString('hex')}`;
  await queue.define(name, { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
  const started = new Map<string, number>();
  const sent = new Map<string, number>();
  await queue.work<{ key: string }, null>(name, 1, async ({ key }) => {
    started.set(key, performance.now());
    return null;
  });
  const delays: number[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const key = String(index);
      sent.set(key, performance.now());
      const id = await queue.send(name, { key });
      await queue.waitFor(name, id ?? '', 10_000);
      delays.push((started.get(key) ?? NaN) - (sent.get(key) ?? NaN));
    }
  } finally {
    await queue.stop(5000);
  }
  return delays;
}

interface Process {
  url: string;
  stop(): Promise<void>;
}

function start(entry: string, env: Record<string, string>, ready: RegExp): Promise<Process> {
  const child = spawn(process.execPath, [path.join(dist, entry)], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match)
        resolve({
          url: match[1] ?? '',
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${output}`)));
  });
}

/**
 * Audio seconds scored per second by `workers` worker processes behind one API server; with no
 * worker processes, the time from upload to score of one recording at a time on one server that
 * scores in-process (`npm start`'s shape): what a learner waits after "Completed".
 */
async function scoringFigures(
  adminUrl: string,
  workers: number,
  speechThreadsPerWorker?: number,
): Promise<string> {
  const name = `ninety_bench_fleet_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  const processes: Process[] = [];
  const storageDir = path.join(root, 'data', `bench-fleet-${name}`);
  try {
    await database.migrate();
    const item = ItemSchema.parse(
      yaml.parse(readFileSync(path.join(root, 'content/items/ra/ra-0013.yaml'), 'utf8')),
    );
    if (item.type !== 'RA') throw new Error('ra-0013 is not a Read Aloud item');
    await seedItems(database.db, [item]);
    const wav = readFileSync(F.clipFile({ text: item.content.text, wpm: 90 }));
    const audioSeconds = (wav.length - 44) / 32_000;
    const env = {
      DATABASE_URL: url.toString(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONTENT_IMPORT_ON_START: 'false',
      WORKERS_IN_PROCESS: workers === 0 ? 'true' : 'false',
      RATE_LIMIT_MAX: '1000000000',
      SCORING_MAX_WAITING: '1000',
      SCORING_WAIT_MS: '120000',
      STORAGE_DIR: storageDir,
    };
    const server = await start('server.mjs', env, /Ninety 已启动：(\S+)/);
    processes.push(server);
    for (let index = 0; index < workers; index++) {
      const threads: Record<string, string> = speechThreadsPerWorker
        ? { SPEECH_WORKERS: String(speechThreadsPerWorker) }
        : {};
      processes.push(await start('worker.mjs', { ...env, ...threads }, /Ninety (评分进程已启动)/));
    }
    // Eight learners with two recordings each in flight: the workers are never short of work.
    const learners = await Promise.all(
      Array.from({ length: 8 }, () => createLearner(database.db, { now: new Date() })),
    );
    // What the practice page does (features/practice untilScored): a recording still waiting
    // for a worker when the server stops holding the request is answered 202, and is asked for
    // again by its idempotency key after the time the answer names, until it is scored.
    const submit = async (token: string) => {
      const idempotencyKey = randomUUID();
      const query = new URLSearchParams({
        itemId: item.id,
        timeSpentSeconds: '40',
        idempotencyKey,
      });
      let response = await fetch(`${server.url}/api/posts/examedVoice?${query}`, {
        method: 'POST',
        headers: { token, 'content-type': 'audio/wav' },
        body: wav,
      });
      while (response.status === 202) {
        const pending = (await response.json()) as { data: { retryAfterSeconds: number } };
        await new Promise((resolve) => setTimeout(resolve, pending.data.retryAfterSeconds * 1000));
        const asked = new URLSearchParams({ itemId: item.id, idempotencyKey });
        response = await fetch(`${server.url}/api/posts/scoringResult?${asked}`, {
          headers: { token },
        });
      }
      if (response.status !== 200) {
        throw new Error(`scoring answered ${response.status}: ${await response.text()}`);
      }
    };
    if (workers === 0) {
      const [learner] = learners;
      const times: number[] = [];
      for (let index = 0; index < 9; index++) {
        const began = performance.now();
        await submit(learner?.token ?? '');
        // The first one warms the engine.
        if (index > 0) times.push(performance.now() - began);
      }
      return `upload → score p50 ${(percentile(times, 0.5) / 1000).toFixed(2)} s, p95 ${(percentile(times, 0.95) / 1000).toFixed(2)} s (${audioSeconds.toFixed(0)} s Read Aloud, ${times.length} one after another)`;
    }
    // One warm-up recording per worker thread, then the measured batch.
    await Promise.all(learners.slice(0, 2 * workers).map((learner) => submit(learner.token)));
    const perLearner = 2;
    const began = performance.now();
    await Promise.all(
      learners.map(async (learner) => {
        for (let index = 0; index < perLearner; index++) {
          await Promise.all([submit(learner.token), submit(learner.token)]);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const recordings = learners.length * perLearner * 2;
    return `${((recordings * audioSeconds) / seconds).toFixed(1)} audio s/s (${recordings} × ${audioSeconds.toFixed(0)} s Read Aloud in ${seconds.toFixed(1)} s)`;
  } finally {
    for (const process of processes.reverse()) await process.stop();
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

export async function fleetBench(pgUrl: string | null): Promise<void> {
  console.log('\njob queue and scoring workers');
  const embedded = await openDatabase('pglite://memory');
  try {
    await embedded.migrate();
    const delays = await queueOverhead(embedded);
    console.log(
      `  queue overhead, enqueue → start (PGlite, 200 jobs):      p50 ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await embedded.close();
  }
  if (!pgUrl) {
    console.log('  PostgreSQL figures skipped (no PostgreSQL; set BENCH_DATABASE_URL)');
    return;
  }
  const database = await openDatabase(pgUrl);
  try {
    const delays = await queueOverhead(database);
    console.log(
      `  queue overhead, enqueue → start (PostgreSQL, 200 jobs):  p50 ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await database.close();
  }
  if (!F.speechToolsAvailable()) {
    console.log('  scoring throughput skipped (espeak-ng and sox make the recordings)');
    return;
  }
  console.log(
    `  practice recording through the queue, one process:       ${await scoringFigures(pgUrl, 0)}`,
  );
  for (const workers of [1, 2]) {
    console.log(
      `  scoring, ${workers} worker process${workers > 1 ? 'es' : ' '} behind one API server:    ${await scoringFigures(pgUrl, workers)}`,
    );
  }
  // Two processes of one thread per core each oversubscribe the cores; split between them (as
  // docs/deploy.md says for several workers on one machine) the second process costs only its
  // own model and queue connection.
  const cores = os.availableParallelism();
  if (cores >= 2) {
    console.log(
      `  scoring, 2 worker processes of ${Math.floor(cores / 2)} speech thread${cores >= 4 ? 's' : ''} each: ${await scoringFigures(pgUrl, 2, Math.floor(cores / 2))}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fleetBench(process.env['BENCH_DATABASE_URL'] ?? null).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
