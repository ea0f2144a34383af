import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { keyAnswerOf, scoreObjective, type ObjectiveItem } from '@ninety/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { attempts } from '../../db/schema';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Study time and practice counts through the API: ticks add up (also when they arrive together),
 * days are Beijing days and roll over at Beijing midnight, a scored practice the client also
 * reports counts once, and bad values are refused with the field named.
 */

let app: App;
let database: Database;
// 10:00 in Beijing on 2026-11-22.
const clock = testClock(new Date('2026-11-22T02:00:00Z'));
const wfd = bankItem('WFD', 1) as ObjectiveItem;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ TIME_ZONE: 'Asia/Shanghai' }), { database, clock });
  await seedItems(database.db, [wfd]);
});
afterAll(async () => {
  await app.close();
});

async function newLearner() {
  const { token, userId } = await createLearner(database.db, { now: clock.now() });
  return { token, userId };
}

const save = (token: string | undefined, query: string) =>
  app.inject({
    method: 'GET',
    url: `/api/postsV2/saveTimedOrCount${query}`,
    headers: token ? { token } : {},
  });
const stats = (token: string | undefined) =>
  app.inject({
    method: 'GET',
    url: '/api/postsV2/findUserStudyData',
    headers: token ? { token } : {},
  });
const minute = (token: string) => save(token, '?type=1&business=60');

/** A scored attempt stored as examed stores it, at the test clock's time. */
async function storeScoredAttempt(userId: number) {
  const answer = keyAnswerOf(wfd);
  const result = scoreObjective(wfd, answer);
  await database.db.insert(attempts).values({
    userId,
    itemId: wfd.id,
    type: wfd.type,
    answer,
    score: result.score,
    max: result.max,
    result,
    scoringProfile: 'test',
    timeSpentSeconds: 30,
    idempotencyKey: randomUUID(),
    createdAt: clock.now(),
  });
}

describe('GET /api/postsV2/saveTimedOrCount and findUserStudyData', () => {
  it('adds study minutes and practices, and reads them back', async () => {
    const { token } = await newLearner();
    const empty = (await stats(token)).json().data;
    expect(empty).toMatchObject({
      todayMinutes: 0,
      totalMinutes: 0,
      todayPractices: 0,
      totalPractices: 0,
      studyDays: 0,
    });
    expect(empty.recent).toHaveLength(7);

    expect((await minute(token)).statusCode).toBe(200);
    const afterTwo = await minute(token);
    expect(afterTwo.json().data).toMatchObject({ todayMinutes: 2, totalMinutes: 2 });
    const practice = await save(token, '?type=2&business=1');
    expect(practice.statusCode, practice.body).toBe(200);

    const data = (await stats(token)).json().data;
    expect(data).toMatchObject({
      todayMinutes: 2,
      totalMinutes: 2,
      todayPractices: 1,
      totalPractices: 1,
      studyDays: 1,
    });
    expect(data.date).toBe('2026-11-22');
    expect(data.recent.at(-1)).toEqual({ date: data.date, minutes: 2, practices: 1 });
  });

  it('counts seconds, not only whole minutes', async () => {
    const { token } = await newLearner();
    await save(token, '?type=1&business=30');
    expect((await stats(token)).json().data.todayMinutes).toBe(0);
    await save(token, '?type=1&business=45');
    expect((await stats(token)).json().data.todayMinutes).toBe(1);
  });

  it('adds up ticks that arrive together', async () => {
    const { token } = await newLearner();
    const responses = await Promise.all(Array.from({ length: 8 }, () => minute(token)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    await Promise.all([save(token, '?type=2&business=1'), save(token, '?type=2&business=1')]);
    expect((await stats(token)).json().data).toMatchObject({
      todayMinutes: 8,
      todayPractices: 2,
    });
  });

  it('keeps a day within its 24 hours', async () => {
    const { token } = await newLearner();
    await Promise.all(Array.from({ length: 25 }, () => save(token, '?type=1&business=3600')));
    expect((await stats(token)).json().data.todayMinutes).toBe(24 * 60);
  });

  it('counts a scored practice once, whether or not the client also reports it', async () => {
    const { token, userId } = await newLearner();
    await storeScoredAttempt(userId);
    await storeScoredAttempt(userId);
    expect((await stats(token)).json().data.todayPractices).toBe(2);
    // The client reports the same two practices: still two.
    await save(token, '?type=2&business=1');
    await save(token, '?type=2&business=1');
    expect((await stats(token)).json().data.todayPractices).toBe(2);
    // A third practice the server did not score (reported only) makes three.
    await save(token, '?type=2&business=1');
    expect((await stats(token)).json().data).toMatchObject({
      todayPractices: 3,
      totalPractices: 3,
    });
  });

  it('is each learner’s own', async () => {
    const a = await newLearner();
    const b = await newLearner();
    await minute(a.token);
    await storeScoredAttempt(a.userId);
    expect((await stats(b.token)).json().data).toMatchObject({
      totalMinutes: 0,
      totalPractices: 0,
    });
  });

  it.each([
    { case: 'an unknown type', query: '?type=3&business=60', field: 'type' },
    { case: 'no type', query: '?business=60', field: 'type' },
    { case: 'a type that is not a number', query: '?type=x&business=60', field: 'type' },
    { case: 'no business', query: '?type=1', field: 'business' },
    { case: 'zero seconds', query: '?type=1&business=0', field: 'business' },
    { case: 'negative seconds', query: '?type=1&business=-60', field: 'business' },
    { case: 'more than an hour in one call', query: '?type=1&business=3601', field: 'business' },
    { case: 'a fraction of a second', query: '?type=1&business=1.5', field: 'business' },
    { case: 'two practices in one call', query: '?type=2&business=2', field: 'business' },
    { case: 'zero practices', query: '?type=2&business=0', field: 'business' },
  ])('refuses $case with 40001 naming $field', async ({ query, field }) => {
    const { token } = await newLearner();
    const response = await save(token, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
    expect(response.json().msg).toContain(`查询参数字段 ${field} 无效`);
    expect((await stats(token)).json().data).toMatchObject({ totalMinutes: 0, totalPractices: 0 });
  });

  it('needs a signed-in learner', async () => {
    const tick = await save(undefined, '?type=1&business=60');
    expect(tick.statusCode).toBe(401);
    expect(tick.json().code).toBe(ErrorCode.TokenMissing);
    expect((await stats(undefined)).statusCode).toBe(401);
    expect((await stats('not-a-token')).statusCode).toBe(401);
  });

  // Moves the shared clock forward, so it runs last.
  it('starts a new day at midnight in Beijing, keeping the totals', async () => {
    const { token, userId } = await newLearner();
    // To 23:59:30 in Beijing (15:59:30 UTC): still the 22nd.
    clock.advance((Date.parse('2026-11-22T15:59:30Z') - clock.now().getTime()) / 1000);
    expect(clock.now().toISOString()).toBe('2026-11-22T15:59:30.000Z');
    await minute(token);
    await storeScoredAttempt(userId);
    expect((await stats(token)).json().data).toMatchObject({
      date: '2026-11-22',
      todayMinutes: 1,
      todayPractices: 1,
    });

    clock.advance(60); // 00:00:30 on the 23rd in Beijing, still the 22nd in UTC.
    const rolled = (await stats(token)).json().data;
    expect(rolled).toMatchObject({
      date: '2026-11-23',
      todayMinutes: 0,
      todayPractices: 0,
      totalMinutes: 1,
      totalPractices: 1,
    });
    await minute(token);
    await storeScoredAttempt(userId);
    const data = (await stats(token)).json().data;
    expect(data).toMatchObject({
      date: '2026-11-23',
      todayMinutes: 1,
      todayPractices: 1,
      totalMinutes: 2,
      totalPractices: 2,
      studyDays: 2,
    });
    expect(data.recent.slice(-2)).toEqual([
      { date: '2026-11-22', minutes: 1, practices: 1 },
      { date: '2026-11-23', minutes: 1, practices: 1 },
    ]);
  });
});
