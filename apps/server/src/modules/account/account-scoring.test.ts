import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AttemptResult } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { encodeWav } from '../../adapters/speech/wav';
import type { Database } from '../../db/client';
import { attempts, scoringSlots } from '../../db/schema';
import type { RecordingScorer } from '../attempts/recording-scorer';
import { latestCode } from '../../../test/accounts';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The fault: an account deleted while one of its recordings is being scored leaves no
 * object behind. The recording scorer is a stand-in that holds the recording until the test lets
 * it go, after the deletion.
 */

const result: AttemptResult = { kind: 'blanks', score: 1, max: 1, blanks: [] };
const held: (() => void)[] = [];
const holding: RecordingScorer = {
  async score(_item, wav) {
    await new Promise<void>((release) => held.push(release));
    return { result, durationSeconds: (wav.length - 44) / 32_000 };
  },
};

let app: App;
let database: Database;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'ninety-account-scoring-'));
  database = await openTestDatabase();
  app = await buildApp(
    // The upload waits for its job to end (every try), so the test can look at what is left.
    testConfig({ STORAGE_DIR: storageDir, SCORING_WAIT_MS: '120000' }),
    { database, clock: testClock(), recordings: holding },
  );
  await seedItems(database.db, [bankItem('RA', 1)]);
}, 30_000);
afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

const recordingsOf = (userId: number) => {
  const dir = path.join(storageDir, 'recordings', String(userId));
  return existsSync(dir) ? readdirSync(dir) : [];
};

it('deleting an account while its recording is being scored leaves no object and no row', async () => {
  const { user, userId, token } = await createLearner(database.db, { now: testClock().now() });
  const sent = await app.inject({
    method: 'POST',
    url: '/api/account/deletion/sendCode',
    headers: { token },
  });
  expect(sent.statusCode).toBe(200);
  const code = await latestCode(app, user.phone!);

  const search = new URLSearchParams({
    itemId: 'ra-0001',
    timeSpentSeconds: '40',
    idempotencyKey: randomUUID(),
  });
  const upload = app.inject({
    method: 'POST',
    url: `/api/posts/examedVoice?${search}`,
    headers: { token, 'content-type': 'audio/wav' },
    payload: Buffer.from(encodeWav(new Float32Array(16_000))),
  });
  // The job has the recording and is scoring it.
  await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 30_000, interval: 50 });
  expect(recordingsOf(userId)).toHaveLength(1);

  const deleted = await app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: { token },
    payload: { code },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(recordingsOf(userId)).toEqual([]);
  // The queue keeps nothing of the learner's answers either.
  const jobs = await database.queue.executeSql(
    `select (select count(*) from pgboss.job where data ->> 'userId' = $1)
          + (select count(*) from pgboss.archive where data ->> 'userId' = $1) as n`,
    [String(userId)],
  );
  expect(Number(jobs.rows[0]?.['n'])).toBe(0);

  // The scoring goes on (any retry is let go at once), finds the learner gone, and no try stores
  // anything.
  const releaser = setInterval(() => {
    for (const release of held.splice(0)) release();
  }, 10);
  const answer = await upload.finally(() => clearInterval(releaser));
  expect(answer.statusCode, answer.body).not.toBe(200);
  expect(recordingsOf(userId)).toEqual([]);
  expect(await database.db.select().from(attempts).where(eq(attempts.userId, userId))).toEqual([]);
  expect(
    await database.db.select().from(scoringSlots).where(eq(scoringSlots.userId, userId)),
  ).toEqual([]);
}, 120_000);
