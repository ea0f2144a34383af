/**
 * Writing scoring through the API with the real language workers (issue 18, findings 1 and 2):
 * an answer that made Harper panic is refused at the door, the same text fed to the pool raw
 * costs one worker and the next WE is scored in full, and a long check leaves the server free to
 * answer: /api/health answers while the check is still running (by state, not by the clock).
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testConfig } from '../../../test/test-app';
import {
  LanguageToolsError,
  LanguageWorkerPool,
  lazyLanguageWorkers,
  type LanguageWorkers,
} from './language-worker-pool';

let app: App;
let database: Database;
let pool: LanguageWorkerPool | undefined;
let workers: LanguageWorkers;
const we = bankItem('WE', 1) as unknown as { id: string; key: { sampleAnswer: string } };

/**
 * Under the caps (10,000 characters, no word over 60) yet slow for Harper: made-up 8-letter
 * words, each a spelling search. Tens of seconds of one worker's time.
 */
const SLOW_BUT_ALLOWED = Array.from({ length: 1_100 }, (_, index) =>
  (index * 7_919).toString(26).padStart(8, 'q').replace(/\d/g, 'z'),
).join(' ');

beforeAll(async () => {
  database = await openTestDatabase();
  // The test holds the pool to see its state; its limits are far past anything here.
  workers = lazyLanguageWorkers(
    () =>
      (pool = new LanguageWorkerPool({
        workers: 1,
        checkTimeoutMs: 600_000,
        checkTimeoutMsPer1000Chars: 0,
        recycleAfterChecks: 1_000,
        maxWorkerMb: 2_048,
        maxQueued: 4,
      })),
  );
  // A fresh worker loads for seconds on a busy machine: the answer waits for its score, not 202.
  app = await buildApp(testConfig({ SCORING_WAIT_MS: '120000' }), {
    database,
    languageWorkers: workers,
  });
  await seedItems(database.db, [bankItem('WE', 1)]);
});
afterAll(async () => {
  await app.close();
});

const submitWe = (token: string, text: string) =>
  app.inject({
    method: 'POST',
    url: '/api/posts/examed',
    headers: { token },
    payload: {
      itemId: we.id,
      answer: { text },
      timeSpentSeconds: 600,
      idempotencyKey: randomUUID(),
    },
  });

// Each language worker loads ~250 MB of dictionaries and WebAssembly: seconds on a busy machine.
describe('the writing checker cannot take the server down', { timeout: 180_000 }, () => {
  it('after an input that makes Harper panic, the next WE is scored correctly', async () => {
    const { token } = await createLearner(database.db);
    const refused = await submitWe(token, 'a'.repeat(20_000));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: ErrorCode.InvalidInput });
    expect(refused.json().msg).toMatch(/不能超过 10000 个字符|单词不能超过 60 个字符/);

    // The caps keep it out of the API; fed raw to the app's own tools, it panics one worker.
    const tools = await workers.tools();
    const panic = await tools.check('a'.repeat(20_000)).catch((error: unknown) => error);
    expect(panic).toBeInstanceOf(LanguageToolsError);
    expect(String((panic as Error).cause)).toMatch(/unreachable/);

    const scored = await submitWe(token, we.key.sampleAnswer);
    expect(scored.statusCode, scored.body).toBe(200);
    const { attempt } = scored.json().data;
    expect(attempt.result.kind).toBe('writing');
    expect(attempt.score).toBe(attempt.max);
    expect(pool?.started).toBe(2);
  });

  it('answers /api/health while a long check is still running', async () => {
    const { token } = await createLearner(database.db);
    await workers.warmUp();
    const pending = submitWe(token, SLOW_BUT_ALLOWED);
    await expect.poll(() => pool?.checking, { timeout: 60_000 }).toBe(1);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    // Still running after the health check answered: it did not wait for the check.
    expect(pool?.checking).toBe(1);

    // The check cut short by the tools is an error for the learner, never a score.
    await workers.close();
    const answered = await pending;
    expect(answered.statusCode, answered.body).not.toBe(200);
  });
});
