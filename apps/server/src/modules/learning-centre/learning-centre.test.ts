import { randomUUID } from 'node:crypto';
import type { Item } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { attempts, mockPaperItems, mockPapers } from '../../db/schema';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testConfig } from '../../../test/test-app';

/**
 * 学习中心 through the API on both databases: days, "today" and streaks in the learner's own
 * zone across midnight and Sydney's daylight-saving changes, study time by quarter hour, the
 * mistake book from wrong answer to cleared, the goal and its plan, the quota dialog's figures.
 */

const NOW = new Date('2026-11-22T02:00:00Z'); // 10:00 in Beijing, 13:00 in Sydney (AEDT)
let current = NOW.getTime();
const clock = { now: () => new Date(current) };
const setNow = (iso: string | Date) => {
  current = new Date(iso).getTime();
};

let app: App;
let database: Database;
const wfd = bankItem('WFD', 1);
const wfd2 = bankItem('WFD', 2);
const swt = bankItem('SWT', 1);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ TIME_ZONE: 'Asia/Shanghai' }), { database, clock });
  await seedItems(database.db, [wfd, wfd2, swt]);
});
afterAll(async () => {
  await app.close();
});

async function learner(timeZone?: string) {
  setNow(NOW);
  const { token, userId } = await createLearner(database.db, { now: clock.now() });
  if (timeZone) {
    const saved = await call(token, 'POST', '/api/learning-centre/profile', { timeZone });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { token, userId };
}

function call(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload ? { payload } : {}),
  });
}
const get = async (token: string, url: string) => {
  const response = await call(token, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function attempt(
  userId: number,
  item: Item,
  at: string | Date,
  score: number,
  max: number,
  answer: object = { blanks: [] },
) {
  const [row] = await database.db
    .insert(attempts)
    .values({
      userId,
      itemId: item.id,
      type: item.type,
      answer,
      score,
      max,
      result: {},
      scoringProfile: 'test',
      timeSpentSeconds: 30,
      idempotencyKey: randomUUID(),
      createdAt: new Date(at),
    })
    .returning({ id: attempts.id });
  return row!.id;
}

describe('signed out', () => {
  it.each(['overview', 'skills', 'mistakes', 'profile', 'plan', 'quota'])(
    '%s needs a token',
    async (path) => {
      const response = await call(undefined, 'GET', `/api/learning-centre/${path}`);
      expect(response.statusCode).toBe(401);
    },
  );
});

describe('days in the learner’s time zone', () => {
  it.each([
    { zone: 'Asia/Shanghai', at: '2026-11-21T15:59:00Z', day: '2026-11-21', now: NOW },
    { zone: 'Asia/Shanghai', at: '2026-11-21T16:00:00Z', day: '2026-11-22', now: NOW },
    { zone: 'Australia/Sydney', at: '2026-11-21T12:59:00Z', day: '2026-11-21', now: NOW },
    { zone: 'Australia/Sydney', at: '2026-11-21T13:00:00Z', day: '2026-11-22', now: NOW },
    { zone: 'Australia/Adelaide', at: '2026-11-21T13:29:00Z', day: '2026-11-21', now: NOW },
    { zone: 'Australia/Adelaide', at: '2026-11-21T13:30:00Z', day: '2026-11-22', now: NOW },
    // Sydney's daylight saving starts at 02:00 on 4 Oct 2026: that midnight is still +10.
    { zone: 'Australia/Sydney', at: '2026-10-03T13:59:00Z', day: '2026-10-03', now: NOW },
    { zone: 'Australia/Sydney', at: '2026-10-03T14:00:00Z', day: '2026-10-04', now: NOW },
    { zone: 'Australia/Sydney', at: '2026-10-04T12:59:00Z', day: '2026-10-04', now: NOW },
    { zone: 'Australia/Sydney', at: '2026-10-04T13:00:00Z', day: '2026-10-05', now: NOW },
    // It ends at 03:00 on 5 Apr 2026: midnight before is +11, midnight after +10.
    {
      zone: 'Australia/Sydney',
      at: '2026-04-04T12:59:00Z',
      day: '2026-04-04',
      now: '2026-04-10T00:00:00Z',
    },
    {
      zone: 'Australia/Sydney',
      at: '2026-04-04T13:00:00Z',
      day: '2026-04-05',
      now: '2026-04-10T00:00:00Z',
    },
    {
      zone: 'Australia/Sydney',
      at: '2026-04-05T13:59:00Z',
      day: '2026-04-05',
      now: '2026-04-10T00:00:00Z',
    },
    {
      zone: 'Australia/Sydney',
      at: '2026-04-05T14:00:00Z',
      day: '2026-04-06',
      now: '2026-04-10T00:00:00Z',
    },
  ])('$at is $day in $zone', async ({ zone, at, day, now }) => {
    const { token, userId } = await learner(zone);
    await attempt(userId, wfd, at, 5, 5);
    setNow(now);
    const overview = await get(token, '/api/learning-centre/overview');
    expect(overview.timeZone).toBe(zone);
    const busy = overview.days.filter((entry: { practices: number }) => entry.practices > 0);
    expect(busy).toEqual([{ date: day, minutes: 0, practices: 1 }]);
  });

  it.each([
    { zone: 'Asia/Shanghai', now: '2026-11-22T15:59:00Z', today: '2026-11-22' },
    { zone: 'Asia/Shanghai', now: '2026-11-22T16:00:00Z', today: '2026-11-23' },
    { zone: 'Australia/Sydney', now: '2026-11-22T12:59:00Z', today: '2026-11-22' },
    { zone: 'Australia/Sydney', now: '2026-11-22T13:00:00Z', today: '2026-11-23' },
  ])('“today” at $now in $zone is $today', async ({ zone, now, today }) => {
    const { token } = await learner(zone);
    setNow(now);
    const overview = await get(token, '/api/learning-centre/overview');
    expect(overview.today).toBe(today);
    expect(overview.days.at(-1).date).toBe(today);
  });

  it('the same evenings make a streak in Beijing and not in Sydney', async () => {
    const { token, userId } = await learner();
    // 20:30 / 21:30 / 20:30 in Beijing = 23:30 19th, 00:30 21st, 23:30 21st in Sydney.
    for (const at of ['2026-11-19T12:30:00Z', '2026-11-20T13:30:00Z', '2026-11-21T12:30:00Z']) {
      await attempt(userId, wfd, at, 5, 5);
    }
    const beijing = await get(token, '/api/learning-centre/overview');
    expect(beijing.streak).toEqual({ current: 3, longest: 3, activeToday: false });
    await call(token, 'POST', '/api/learning-centre/profile', { timeZone: 'Australia/Sydney' });
    const sydney = await get(token, '/api/learning-centre/overview');
    expect(sydney.streak).toEqual({ current: 1, longest: 1, activeToday: false });
    expect(sydney.studyDays).toBe(2);
  });

  it('study minutes land on the learner’s day, also a minute after their midnight', async () => {
    const { token } = await learner('Australia/Sydney');
    setNow('2026-11-21T13:05:00Z'); // 00:05 on the 22nd in Sydney, 21:05 on the 21st in Beijing
    for (let minute = 0; minute < 3; minute += 1) {
      const saved = await call(token, 'GET', '/api/postsV2/saveTimedOrCount?type=1&business=60');
      expect(saved.statusCode, saved.body).toBe(200);
    }
    setNow(NOW);
    const sydney = await get(token, '/api/learning-centre/overview');
    expect(sydney).toMatchObject({ todayMinutes: 3, totalMinutes: 3, studyDays: 1 });
    expect(sydney.hours.find((hour: { hour: number }) => hour.hour === 0).minutes).toBe(3);
    await call(token, 'POST', '/api/learning-centre/profile', { timeZone: 'Asia/Shanghai' });
    const beijing = await get(token, '/api/learning-centre/overview');
    expect(beijing.todayMinutes).toBe(0);
    expect(beijing.days.at(-2)).toEqual({ date: '2026-11-21', minutes: 3, practices: 0 });
    expect(beijing.hours.find((hour: { hour: number }) => hour.hour === 21).minutes).toBe(3);
  });

  it('an hour flushed at once goes to the quarters before it, all counted', async () => {
    const { token } = await learner();
    const saved = await call(token, 'GET', '/api/postsV2/saveTimedOrCount?type=1&business=3600');
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(token, '/api/learning-centre/overview')).todayMinutes).toBe(60);
  });

  it('figures per type: accuracy, average 估分, this week’s weakest', async () => {
    const { token, userId } = await learner();
    await attempt(userId, wfd, '2026-11-21T02:00:00Z', 5, 5);
    await attempt(userId, wfd, '2026-11-21T03:00:00Z', 0, 5);
    await attempt(userId, swt, '2026-11-21T04:00:00Z', 2, 7, { text: 'One sentence.' });
    const overview = await get(token, '/api/learning-centre/overview');
    const wfdFigures = overview.types.find((type: { type: string }) => type.type === 'WFD');
    expect(wfdFigures).toMatchObject({ practices: 2, accuracy: 0.5, averageScore: 50 });
    expect(overview.weakest.map((type: { type: string }) => type.type)).toEqual(['SWT', 'WFD']);
  });
});

describe('继续上次 on home', () => {
  it('names the item practised last, not an answer given inside a mock exam', async () => {
    const { token, userId } = await learner();
    expect((await get(token, '/api/learning-centre/overview')).lastItem).toBeNull();
    await attempt(userId, wfd, '2026-11-21T02:00:00Z', 5, 5);
    await attempt(userId, swt, '2026-11-21T03:00:00Z', 2, 7, { text: 'One sentence.' });
    const inMock = await attempt(userId, wfd, '2026-11-21T04:00:00Z', 5, 5);
    const [paper] = await database.db
      .insert(mockPapers)
      .values({
        publicId: randomUUID(),
        userId,
        blueprintId: 'test',
        blueprintVersion: 1,
        seed: 'seed',
        paper: {},
        status: 'discarded',
        createdAt: new Date('2026-11-21T04:00:00Z'),
      })
      .returning({ id: mockPapers.id });
    await database.db.insert(mockPaperItems).values({
      paperId: paper!.id,
      itemIndex: 0,
      itemId: wfd.id,
      type: wfd.type,
      attemptId: inMock,
    });
    expect((await get(token, '/api/learning-centre/overview')).lastItem).toEqual({
      itemId: swt.id,
      type: 'SWT',
      number: 1,
      title: swt.title,
      practisedAt: '2026-11-21T03:00:00.000Z',
    });
  });
});

describe('the mistake book', () => {
  it('holds a wrong answer until it is answered right twice', async () => {
    const { token, userId } = await learner();
    const book = () => get(token, '/api/learning-centre/mistakes');
    await attempt(userId, wfd, '2026-11-20T02:00:00Z', 2, 5, { text: 'the cat sat' });
    await attempt(userId, wfd2, '2026-11-20T03:00:00Z', 5, 5, { text: 'all right' });
    let data = await book();
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({
      itemId: wfd.id,
      type: 'WFD',
      wrongCount: 1,
      rightSince: 0,
      status: 'open',
      lastAnswer: { score: 2, max: 5, estimate: 42, summary: 'the cat sat' },
    });

    await attempt(userId, wfd, '2026-11-21T02:00:00Z', 5, 5, { text: 'right once' });
    data = await book();
    expect(data.list[0]).toMatchObject({ status: 'fixing', rightSince: 1 });
    expect(data.list[0].lastAnswer.summary).toBe('right once');

    await attempt(userId, wfd, '2026-11-21T03:00:00Z', 5, 5);
    data = await book();
    expect(data).toMatchObject({ total: 0, list: [], cleared: 1 });

    await attempt(userId, wfd, '2026-11-21T04:00:00Z', 4, 5);
    data = await book();
    expect(data).toMatchObject({ total: 1, cleared: 0 });
    expect(data.list[0]).toMatchObject({ wrongCount: 2, status: 'open' });
  });

  it.each([
    { score: 4, max: 7, inBook: true },
    { score: 5, max: 7, inBook: false },
  ])('an open answer $score/$max is a mistake: $inBook', async ({ score, max, inBook }) => {
    const { token, userId } = await learner();
    await attempt(userId, swt, '2026-11-21T02:00:00Z', score, max, { text: 'A summary.' });
    const data = await get(token, '/api/learning-centre/mistakes?type=SWT');
    expect(data.total).toBe(inBook ? 1 : 0);
    expect(data.byType).toEqual(inBook ? [{ type: 'SWT', count: 1 }] : []);
  });

  it('filters by type and pages', async () => {
    const { token, userId } = await learner();
    await attempt(userId, wfd, '2026-11-21T02:00:00Z', 0, 5);
    await attempt(userId, wfd2, '2026-11-21T03:00:00Z', 0, 5);
    await attempt(userId, swt, '2026-11-21T04:00:00Z', 0, 7, { text: 'x' });
    const first = await get(token, '/api/learning-centre/mistakes?type=WFD&perPage=1');
    expect(first).toMatchObject({ total: 2, page: 1, perPage: 1 });
    expect(first.list.map((entry: { itemId: string }) => entry.itemId)).toEqual([wfd2.id]);
    const bad = await call(token, 'GET', '/api/learning-centre/mistakes?type=XX');
    expect(bad.statusCode).toBe(400);
  });
});

describe('goal, plan and settings', () => {
  it('defaults, partial saves and refusals', async () => {
    const { token } = await learner();
    expect(await get(token, '/api/learning-centre/profile')).toEqual({
      timeZone: 'Asia/Shanghai',
      isDefaultTimeZone: true,
      targetOverall: null,
      targets: { speaking: null, writing: null, reading: null, listening: null },
      examDate: null,
      dailyMinutes: 60,
    });
    const saved = await call(token, 'POST', '/api/learning-centre/profile', {
      targetOverall: 65,
      targets: { speaking: 79 },
      examDate: '2026-12-22',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await call(token, 'POST', '/api/learning-centre/profile', { dailyMinutes: 90 });
    expect(again.json().data).toMatchObject({
      targetOverall: 65,
      targets: { speaking: 79, writing: null },
      examDate: '2026-12-22',
      dailyMinutes: 90,
    });
    for (const payload of [
      { timeZone: 'Mars/Olympus' },
      { timeZone: '../../etc' },
      { targetOverall: 95 },
      { dailyMinutes: 5 },
      { examDate: '22/12/2026' },
      { role: 'admin' },
    ]) {
      const refused = await call(token, 'POST', '/api/learning-centre/profile', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('the plan follows the goal, the days left and today’s answers', async () => {
    const { token, userId } = await learner();
    const noGoal = await get(token, '/api/learning-centre/plan');
    expect(noGoal).toMatchObject({ hasGoal: false, daysLeft: null });
    expect(noGoal.tasks.length).toBeGreaterThan(0);

    await call(token, 'POST', '/api/learning-centre/profile', {
      targetOverall: 65,
      examDate: '2026-12-22',
    });
    // Today (Beijing) twice and yesterday once: done counts today only.
    await attempt(userId, wfd, '2026-11-21T16:30:00Z', 1, 5);
    await attempt(userId, wfd, '2026-11-22T01:00:00Z', 1, 5);
    await attempt(userId, wfd, '2026-11-21T15:00:00Z', 1, 5);
    const plan = await get(token, '/api/learning-centre/plan');
    expect(plan).toMatchObject({ hasGoal: true, daysLeft: 30, date: '2026-11-22' });
    expect(plan.summaryZh).not.toContain('距考试');
    const wfdTask = plan.tasks.find((task: { type: string }) => task.type === 'WFD');
    expect(wfdTask).toBeDefined();
    expect(wfdTask.done).toBe(2);
    expect(
      plan.skills.find((skill: { skill: string }) => skill.skill === 'listening'),
    ).toMatchObject({
      target: 65,
      estimate: 26,
      gap: 39,
    });
  });

  it('skills over time: 26 weeks, practice estimates, no mock yet', async () => {
    const { token, userId } = await learner();
    await attempt(userId, wfd, '2026-11-21T02:00:00Z', 5, 5);
    const skills = await get(token, '/api/learning-centre/skills');
    expect(skills.weeks).toHaveLength(26);
    expect(skills.weeks.at(-1)).toEqual({
      weekStart: '2026-11-16',
      skills: { speaking: null, writing: 90, reading: null, listening: 90 },
    });
    expect(skills.mocks).toEqual([]);
  });

  it('the quota dialog’s figures', async () => {
    const { token } = await learner();
    expect(await get(token, '/api/learning-centre/quota')).toEqual({
      isMember: false,
      allowance: 10,
      remaining: 10,
      resetRule: 'daily',
      nextResetAt: '2026-11-22T16:00:00.000Z',
      timeZone: 'Asia/Shanghai',
    });
  });
});
