import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  isScoringPending,
  type ExamedResult,
  type ScoringPending,
} from '@ninety/contract';
import { keyAnswerOf, type ObjectiveItem } from '@ninety/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PATH } from '../../adapters/storage/media-keys';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import type { Database } from '../../db/client';
import { attempts, users } from '../../db/schema';
import { recordingLinks } from '../../lib/recording-links';
import { bankItem, seedItems } from '../../../test/bank';
import { createUser } from '../../../test/factories';
import { openTestDatabase, testClock } from '../../../test/test-app';
import { LanguageToolsError } from '../../adapters/language/language-worker-pool';
import {
  scoreAndStore,
  scoringJobHandler,
  type AttemptsContext,
  type Submission,
} from './attempts.service';
import { scoringPolicies } from './scoring-jobs';

/**
 * scoreAndStore as other modules call it (mock exams and intensive listening will): the quota
 * is charged only when asked, and every other rule holds either way.
 */

let database: Database;
let context: AttemptsContext;
const wfd = bankItem('WFD', 1) as ObjectiveItem;

beforeAll(async () => {
  database = await openTestDatabase();
  const clock = testClock();
  context = {
    db: database.db,
    clock,
    quota: { allowance: 2, reset: 'daily', timeZone: 'Asia/Shanghai' },
    recordingLinks: recordingLinks('test secret', clock),
    languageTools: () => Promise.reject(new Error('not needed for a dictation')),
    storage: new LocalDiskStorage(
      path.join(os.tmpdir(), `ninety-attempts-${process.pid}`),
      MEDIA_PATH,
    ),
    recordings: { score: () => Promise.reject(new Error('no recordings here')) },
    // A dictation is scored in the request: no job is queued.
    queue: new Proxy({} as AttemptsContext['queue'], {
      get: () => () => Promise.reject(new Error('no jobs for a dictation')),
    }),
    scoring: { waitMs: 0, maxWaiting: 1, policies: scoringPolicies(60) },
  };
  await seedItems(database.db, [wfd, bankItem('WE', 1)]);
});
afterAll(async () => {
  await database.close();
});

function scored(result: ExamedResult | ScoringPending): ExamedResult {
  if (isScoringPending(result)) throw new Error('a dictation is never pending');
  return result;
}

const written = (userId: number, answer: unknown = keyAnswerOf(wfd)): Submission => ({
  kind: 'written',
  userId,
  itemId: wfd.id,
  answer,
  timeSpentSeconds: 12,
  idempotencyKey: randomUUID(),
});

async function energyOf(userId: number) {
  const [row] = await database.db.select().from(users).where(eq(users.id, userId));
  return row?.energy;
}

describe('scoreAndStore', () => {
  it('without chargeQuota: scored and stored, nothing spent, even with no uses left', async () => {
    const user = await createUser(database.db, { energy: 0, now: context.clock.now() });
    const result = scored(await scoreAndStore(written(user.id), { chargeQuota: false, context }));
    expect(result.attempt.score).toBe(result.attempt.max);
    expect(result.energy).toBe(0);
    expect(await energyOf(user.id)).toBe(0);
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(1);
  });

  it('with chargeQuota: a non-member spends one use, and with none left is refused (40301)', async () => {
    const user = await createUser(database.db, { energy: 1, now: context.clock.now() });
    const first = scored(await scoreAndStore(written(user.id), { chargeQuota: true, context }));
    expect(first.energy).toBe(0);
    await expect(
      scoreAndStore(written(user.id, { text: 'x'.repeat(10) }), { chargeQuota: true, context }),
    ).rejects.toMatchObject({ code: ErrorCode.QuotaUsedUp });
  });

  it('a repeated idempotency key returns the first attempt whatever the quota option', async () => {
    const user = await createUser(database.db, { now: context.clock.now() });
    const submission = written(user.id);
    const first = scored(await scoreAndStore(submission, { chargeQuota: true, context }));
    const again = scored(await scoreAndStore(submission, { chargeQuota: false, context }));
    expect(again.attempt.id).toBe(first.attempt.id);
    expect(again.energy).toBe(first.energy);
  });

  it('an unknown item is 40401 题目不存在', async () => {
    const user = await createUser(database.db, { now: context.clock.now() });
    await expect(
      scoreAndStore({ ...written(user.id), itemId: 'wfd-9999' }, { chargeQuota: false, context }),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound, message: '题目不存在' });
  });
});

describe('a scoring job', () => {
  it('a text the checker could not finish in time is refused once, not tried again', async () => {
    const user = await createUser(database.db, { now: context.clock.now() });
    const timedOut: AttemptsContext = {
      ...context,
      languageTools: async () => ({
        check: () => Promise.reject(new LanguageToolsError('timeout', 'over the limit')),
      }),
    };
    const output = await scoringJobHandler(timedOut)(
      {
        kind: 'writing',
        userId: user.id,
        itemId: 'we-0001',
        answer: { text: 'word '.repeat(250) },
        timeSpentSeconds: 60,
        idempotencyKey: randomUUID(),
        chargeQuota: true,
      },
      { id: randomUUID(), retryCount: 0, lastTry: false },
    );
    expect(output).toMatchObject({ refused: { code: ErrorCode.Unavailable } });
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(0);
    expect(await energyOf(user.id)).toBe(10);
  });
});
