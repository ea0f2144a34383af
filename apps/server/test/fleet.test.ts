import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ItemOf } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as F from '../src/adapters/speech/test-support/fixtures';
import { openDatabase, type Database } from '../src/db/client';
import { attempts } from '../src/db/schema';
import { scoringJobId } from '../src/modules/attempts/scoring-jobs';
import { bankItem, seedItems } from './bank';
import { createLearner } from './factories';
import { withDatabaseName } from './postgres-url';
import {
  SERVER_ENTRY,
  SERVER_READY,
  startProcess,
  WORKER_ENTRY,
  WORKER_READY,
  type Started,
} from './processes';
import { startS3Server, type S3TestServer } from './s3-server';
import { speechFixturesRequired } from './speech-fixtures';

/**
 * The fleet of docs/deploy.md, for real: two API server processes that score nothing themselves
 * (WORKERS_IN_PROCESS=false), scoring worker processes, PostgreSQL and an S3 store (s3rver). A
 * learner's recordings go to either server and are scored by whichever worker runs; the
 * learner's limit of two recordings in flight holds across both servers; a worker killed in the
 * middle of a job leaves the job to the next worker; nothing is scored twice or left behind.
 */

const target = inject('testDatabase');
const available = F.speechToolsAvailable();
if (target.driver === 'postgres' && !available && speechFixturesRequired())
  throw new Error('espeak-ng and sox are required (apt-get install espeak-ng sox)');

function start(entry: string, ready: RegExp, env: Record<string, string>): Promise<Started> {
  const spawned = startProcess(entry, env, ready);
  running.push(spawned);
  return spawned.ready;
}

const running: Pick<Started, 'kill' | 'exited'>[] = [];

/*
 * Each test's limit is in proportion to its work: 120 s per process started (tsx from the sources,
 * then the speech model) and 90 s per real recording scored. Each takes seconds of CPU, and on 2
 * cores shared with a load of ~30 up to twenty times as long. Nothing here asserts on time: the
 * tests wait for states (a score given, a job's state); the limits only end a test that never
 * would.
 */

/** Resolves once `reached` holds, checked every 100 ms (an interval, not a deadline). */
async function until(reached: () => Promise<boolean>): Promise<void> {
  while (!(await reached())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const ra = bankItem('RA', 1) as ItemOf<'RA'>;
const longRa = bankItem('RA', 2) as ItemOf<'RA'>;
longRa.content = { ...longRa.content, text: F.LONG_READ_ALOUD };

let s3: S3TestServer;
let database: Database;
let databaseName: string;
let env: Record<string, string>;
let serverA: Started;
let serverB: Started;
let token: string;
let userId: number;

const startServer = () => start(SERVER_ENTRY, SERVER_READY, env);
const startWorker = () => start(WORKER_ENTRY, WORKER_READY, env);

async function stop(process: Started, signal: NodeJS.Signals = 'SIGTERM') {
  process.kill(signal);
  await process.exited;
}

async function send(server: Started, body: Buffer, idempotencyKey = randomUUID(), item = ra) {
  const query = new URLSearchParams({ itemId: item.id, timeSpentSeconds: '30', idempotencyKey });
  const response = await fetch(`${server.url}/api/posts/examedVoice?${query}`, {
    method: 'POST',
    headers: { token, 'content-type': 'audio/wav' },
    body,
  });
  const answer = (await response.json()) as { data?: unknown; msg?: string };
  return { status: response.status, body: answer, idempotencyKey };
}

/** The answer's score, asked for (as the page does) until it is in. */
async function scoreOf(server: Started, idempotencyKey: string, item = ra) {
  const query = new URLSearchParams({ itemId: item.id, idempotencyKey });
  for (;;) {
    const response = await fetch(`${server.url}/api/posts/scoringResult?${query}`, {
      headers: { token },
    });
    const body = (await response.json()) as {
      data: { attempt: { score: number; result: { kind: string } } };
    };
    if (response.status !== 202) {
      expect(response.status, JSON.stringify(body)).toBe(200);
      return body.data.attempt;
    }
  }
}

async function storedRecordings(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: env['S3_REGION'] ?? 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: env['S3_ACCESS_KEY_ID'] ?? '',
      secretAccessKey: env['S3_SECRET_ACCESS_KEY'] ?? '',
    },
  });
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `recordings/${userId}/` }),
  );
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

async function linkedRecordings(): Promise<string[]> {
  const rows = await database.db.select().from(attempts).where(eq(attempts.userId, userId));
  return rows.map((row) =>
    (row.answer as { recording: { url: string } }).recording.url.replace(/^\/files\//, ''),
  );
}

async function jobState(idempotencyKey: string): Promise<string | undefined> {
  const { rows } = await database.queue.executeSql('select state from pgboss.job where id = $1', [
    scoringJobId(userId, idempotencyKey),
  ]);
  return rows[0]?.['state'] as string | undefined;
}

describe.runIf(target.driver === 'postgres' && available)('a fleet', () => {
  beforeAll(async () => {
    if (target.driver !== 'postgres') return;
    databaseName = `ninety_fleet_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${target.template}`);
    await admin.end();
    const url = withDatabaseName(target.adminUrl, databaseName);
    database = await openDatabase(url);
    await seedItems(database.db, [ra, longRa]);
    ({ token, userId } = await createLearner(database.db, { now: new Date() }));
    s3 = await startS3Server();
    env = {
      ...s3.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      CONTENT_IMPORT_ON_START: 'false',
      WORKERS_IN_PROCESS: 'false',
      SPEECH_WORKERS: '1',
      // Answered within 3 s or told to ask again: a stopped worker does not hold the test.
      SCORING_WAIT_MS: '3000',
      // A killed worker's job is tried again after 8 s rather than 3 minutes.
      SCORING_JOB_EXPIRE_SECONDS: '8',
      QUEUE_MAINTENANCE_SECONDS: '1',
    };
    [serverA, serverB] = await Promise.all([startServer(), startServer()]);
  }, 240_000); // Two servers started.

  afterAll(async () => {
    for (const process of running) process.kill('SIGKILL');
    await Promise.all(running.map((process) => process.exited));
    await database?.close();
    await s3?.stop();
    if (target.driver !== 'postgres') return;
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName}`);
    await admin.end();
  }, 60_000);

  it('recordings sent to either server are scored by the worker, each once', async () => {
    const before = (await linkedRecordings()).length;
    const worker = await startWorker();
    const clip = readFileSync(F.clipFile({ text: ra.content.text }));
    // One after the other, as a learner records them, to A and B in turn; each answer's score is
    // asked for on the other server.
    for (const [index, server] of [serverA, serverB, serverA, serverB].entries()) {
      const answer = await send(server, clip);
      expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
      const attempt = await scoreOf(index % 2 ? serverA : serverB, answer.idempotencyKey);
      expect(attempt.result.kind).toBe('speech');
      expect(attempt.score).toBeGreaterThan(0);
    }
    expect((await linkedRecordings()).sort()).toEqual((await storedRecordings()).sort());
    expect(await linkedRecordings()).toHaveLength(before + 4);
    await stop(worker);
  }, 480_000); // A worker started, four recordings scored.

  it('two recordings in flight per learner, counted across both servers', async () => {
    // No worker runs: the first two wait in the queue, each holding one of the learner's slots.
    const before = (await linkedRecordings()).length;
    const clip = readFileSync(F.clipFile({ text: ra.content.text }));
    const first = await send(serverA, clip);
    const second = await send(serverB, clip);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const third = await send(serverA, clip);
    expect(third.status).toBe(429);
    expect(third.body.msg).toContain('还在评分');
    // A retry of a queued answer is not a third one.
    expect((await send(serverB, clip, first.idempotencyKey)).status).toBe(202);

    const worker = await startWorker();
    await scoreOf(serverB, first.idempotencyKey);
    await scoreOf(serverA, second.idempotencyKey);
    // The slots are free again.
    const fourth = await send(serverB, clip);
    await scoreOf(serverB, fourth.idempotencyKey);
    expect(await linkedRecordings()).toHaveLength(before + 3);
    expect((await linkedRecordings()).sort()).toEqual((await storedRecordings()).sort());
    await stop(worker);
  }, 390_000); // A worker started, three recordings scored.

  it('a worker killed in the middle of a job leaves it to the next worker: scored once', async () => {
    const doomed = await startWorker();
    const clip = readFileSync(F.clipFile({ text: F.LONG_READ_ALOUD }));
    const answer = await send(serverA, clip, randomUUID(), longRa);
    // Killed only once its job runs, however long the worker takes to start and take it.
    await until(async () => (await jobState(answer.idempotencyKey)) === 'active');
    await stop(doomed, 'SIGKILL');

    const next = await startWorker();
    const attempt = await scoreOf(serverB, answer.idempotencyKey, longRa);
    expect(attempt.score).toBeGreaterThan(0);
    const rows = await database.db.select().from(attempts).where(eq(attempts.userId, userId));
    expect(rows.filter((row) => row.idempotencyKey === answer.idempotencyKey)).toHaveLength(1);
    expect((await linkedRecordings()).sort()).toEqual((await storedRecordings()).sort());
    await stop(next);
  }, 510_000); // Two workers started; the long answer (~3 clips) decoded, killed, decoded again.
});
