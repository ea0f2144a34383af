import { randomUUID } from 'node:crypto';
import { COMMENT_MAX_LENGTH, ErrorCode } from '@ninety/contract';
import { keyAnswerOf, type ObjectiveItem } from '@ninety/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { itemComments, users } from '../../db/schema';
import { ANONYMOUS_AUTHOR } from './comments.mapper';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Shared answers through the API on a real database: only one's own attempt, its stored score
 * (never the client's), one share per attempt, the two orders and paging, public reads with the
 * author masked, comments kept as plain text, and deleting one's own share.
 */

let app: App;
let database: Database;
const clock = testClock();

const wfd = bankItem('WFD', 1) as ObjectiveItem;
const rmcm = bankItem('RMCM', 1) as ObjectiveItem;
const ro = bankItem('RO', 1) as ObjectiveItem;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ NON_MEMBER_ENERGY: '50' }), { database, clock });
  await seedItems(database.db, [wfd, rmcm, ro, bankItem('WFD', 2), bankItem('RMCM', 2)]);
});
afterAll(async () => {
  await app.close();
});

interface Learner {
  token: string;
  phone: string;
  userId: number;
}

/** A new learner; with no nickname given, one who cleared theirs, so an anonymous name shows. */
async function newLearner(nickname = ''): Promise<Learner> {
  const { token, user, userId } = await createLearner(database.db, {
    energy: 50,
    now: clock.now(),
    nickname,
  });
  return { token, phone: user.phone ?? '', userId };
}

async function attempt(learner: Learner, itemId: string, answer: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/posts/examed',
    headers: { token: learner.token },
    payload: { itemId, answer, timeSpentSeconds: 30, idempotencyKey: randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attempt as { id: string; score: number; max: number };
}

function share(token: string | undefined, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/questionsComment/add',
    headers: token ? { token } : {},
    payload,
  });
}

function list(query: string, token?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/questionsComment/list?${query}`,
    headers: token ? { token } : {},
  });
}

function detail(query: string, token?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/questionsComment/detail?${query}`,
    headers: token ? { token } : {},
  });
}

function remove(token: string | undefined, id: string) {
  return app.inject({
    method: 'POST',
    url: '/api/questionsComment/delete',
    headers: token ? { token } : {},
    payload: { id },
  });
}

/** A learner who has not chosen a nickname is shown anonymously (issue 18, finding 10). */
const masked = (_phone: string) => ANONYMOUS_AUTHOR;

describe('the public author name (issue 18, finding 10)', () => {
  it('is a chosen nickname, never the default 用户 + the last four digits of the phone', async () => {
    const learner = await newLearner();
    await database.db
      .update(users)
      .set({ nickname: `用户${learner.phone.slice(-4)}` })
      .where(eq(users.id, learner.userId));
    const scored = await attempt(learner, wfd.id, { text: 'the library will extend' });
    const response = await share(learner.token, {
      attemptId: scored.id,
      questionId: wfd.id,
      content: '默认昵称',
      scoreType: 2,
      score: 0,
      max: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const publicPage = await list(`questionId=${wfd.id}`);
    const mine = publicPage
      .json()
      .data.list.find((entry: { content: string }) => entry.content === '默认昵称');
    expect(mine.author).toEqual({ name: '匿名学员' });
    expect(publicPage.body).not.toContain(`用户${learner.phone.slice(-4)}`);
  });
});

describe('POST /api/questionsComment/add', () => {
  it('shares the stored answer and score with the comment, ignoring a score sent by the client', async () => {
    const learner = await newLearner();
    const scored = await attempt(learner, wfd.id, { text: 'the library will extend' });
    const response = await share(learner.token, {
      attemptId: scored.id,
      questionId: wfd.id,
      content: '  听写漏了几个词  ',
      scoreType: 2,
      score: 99,
      max: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shared = response.json().data;
    expect(shared).toMatchObject({
      questionId: wfd.id,
      shareType: 1,
      score: scored.score,
      max: scored.max,
      content: '听写漏了几个词',
      answerLines: ['the library will extend'],
      author: { name: masked(learner.phone) },
      isMine: true,
    });
    expect(shared.score).toBeLessThan(shared.max);
    const [row] = await database.db
      .select()
      .from(itemComments)
      .where(eq(itemComments.id, Number(shared.id)));
    expect(row).toMatchObject({
      scoreType: 2,
      source: 'machine-exam-practice',
      userId: learner.userId,
    });
  });

  it('keeps one share per attempt: sharing again replaces the comment', async () => {
    const learner = await newLearner();
    const scored = await attempt(learner, rmcm.id, keyAnswerOf(rmcm));
    const [first, second] = await Promise.all([
      share(learner.token, { attemptId: scored.id, questionId: rmcm.id, content: '第一次' }),
      share(learner.token, { attemptId: scored.id, questionId: rmcm.id, content: '第一次' }),
    ]);
    expect(first!.json().data.id).toBe(second!.json().data.id);
    const again = await share(learner.token, {
      attemptId: scored.id,
      questionId: rmcm.id,
      content: '改一下',
      source: 'favorites',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: first!.json().data.id, content: '改一下' });
    const rows = await database.db
      .select()
      .from(itemComments)
      .where(eq(itemComments.userId, learner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('favorites');
  });

  it('stores HTML in a comment verbatim and returns it as text', async () => {
    const learner = await newLearner('<img src=x onerror=alert(1)>');
    const scored = await attempt(learner, wfd.id, { text: 'library' });
    const comment = '<b>hi</b><script>alert(1)</script>';
    const response = await share(learner.token, {
      attemptId: scored.id,
      questionId: wfd.id,
      content: comment,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json().data;
    const shown = (await detail(`id=${id}`)).json().data;
    expect(shown.content).toBe(comment);
    expect(shown.author.name).toBe('<img src=x onerror=alert(1)>');
  });

  it('allows an empty comment', async () => {
    const learner = await newLearner();
    const scored = await attempt(learner, wfd.id, { text: 'library' });
    const response = await share(learner.token, { attemptId: scored.id, questionId: wfd.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.content).toBe('');
  });

  describe('refuses, naming the field or the missing thing', () => {
    let owner: Learner;
    let other: Learner;
    let wfdAttempt: string;
    beforeAll(async () => {
      owner = await newLearner();
      other = await newLearner();
      wfdAttempt = (await attempt(owner, wfd.id, { text: 'library' })).id;
    });

    it.each([
      {
        case: 'a comment over the limit',
        body: () => ({ content: '字'.repeat(COMMENT_MAX_LENGTH + 1) }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /content.*500/,
      },
      {
        case: 'another score type',
        body: () => ({ scoreType: 1 }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /scoreType/,
      },
      {
        case: 'an unknown source',
        body: () => ({ source: 'somewhere' }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /source/,
      },
      {
        case: 'a malformed attempt id',
        body: () => ({ attemptId: 'abc' }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /attemptId/,
      },
      {
        case: 'no question',
        body: () => ({ questionId: undefined }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /questionId/,
      },
      {
        case: 'an unknown item',
        body: () => ({ questionId: 'wfd-9999' }),
        status: 404,
        code: ErrorCode.NotFound,
        msg: /题目不存在/,
      },
      {
        case: 'an unknown attempt',
        body: () => ({ attemptId: '999999999' }),
        status: 404,
        code: ErrorCode.NotFound,
        msg: /练习记录不存在/,
      },
      {
        case: 'an attempt on another item',
        body: () => ({ questionId: 'wfd-0002' }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /attemptId.*不是这道题/,
      },
    ])('$case → $status', async ({ body, status, code, msg }) => {
      const response = await share(owner.token, {
        attemptId: wfdAttempt,
        questionId: wfd.id,
        ...body(),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().msg).toMatch(msg);
    });

    it('someone else’s attempt as if it did not exist, and a signed-out visitor', async () => {
      const response = await share(other.token, { attemptId: wfdAttempt, questionId: wfd.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: ErrorCode.NotFound, msg: '练习记录不存在' });
      const signedOut = await share(undefined, { attemptId: wfdAttempt, questionId: wfd.id });
      expect(signedOut.statusCode).toBe(401);
      const rows = await database.db
        .select()
        .from(itemComments)
        .where(eq(itemComments.attemptId, Number(wfdAttempt)));
      expect(rows).toHaveLength(0);
    });
  });
});

describe('GET /api/questionsComment/list', () => {
  it('lists newest or best first, in pages, readable signed out with the author masked', async () => {
    const low = await newLearner();
    const high = await newLearner('九十分');
    const middle = await newLearner();
    const order = ro.key as { order: string[] };
    const [a, b, c] = order.order;
    const lowAttempt = await attempt(low, ro.id, { order: [] });
    const highAttempt = await attempt(high, ro.id, keyAnswerOf(ro));
    const middleAttempt = await attempt(middle, ro.id, { order: [a, b, c].filter(Boolean) });
    expect(middleAttempt.score).toBeGreaterThan(0);
    expect(middleAttempt.score).toBeLessThan(highAttempt.score);

    // Shared in this order, a minute apart: low, high, middle.
    for (const [learner, scored] of [
      [low, lowAttempt],
      [high, highAttempt],
      [middle, middleAttempt],
    ] as const) {
      clock.advance(60);
      const response = await share(learner.token, { attemptId: scored.id, questionId: ro.id });
      expect(response.statusCode, response.body).toBe(200);
    }

    const newest = (await list(`questionId=${ro.id}`)).json().data;
    expect(newest).toMatchObject({ total: 3, page: 1, perPage: 10 });
    expect(newest.list.map((entry: { score: number }) => entry.score)).toEqual([
      middleAttempt.score,
      highAttempt.score,
      lowAttempt.score,
    ]);
    const best = (await list(`questionId=${ro.id}&sort=best`)).json().data;
    expect(best.list.map((entry: { author: { name: string } }) => entry.author.name)).toEqual([
      '九十分',
      masked(middle.phone),
      masked(low.phone),
    ]);
    // Signed out: nothing is the reader's, and neither phone nor user id appears.
    expect(best.list.every((entry: { isMine: boolean }) => entry.isMine === false)).toBe(true);
    const text = JSON.stringify(best);
    for (const learner of [low, high, middle]) expect(text).not.toContain(learner.phone);
    expect(Object.keys(best.list[0]).sort()).toEqual(
      [
        'answerLines',
        'author',
        'content',
        'createdAt',
        'id',
        'isMine',
        'max',
        'questionId',
        'score',
        'shareType',
      ].sort(),
    );
    expect(Object.keys(best.list[0].author)).toEqual(['name']);
    // The order as letters, then each paragraph's opening words.
    expect(best.list[0].answerLines[0]).toBe(`顺序：${order.order.join(' → ')}`);
    expect(best.list[0].answerLines).toHaveLength(order.order.length + 1);
    expect(best.list[2].answerLines).toEqual(['（未作答）']);

    const page2 = (await list(`questionId=${ro.id}&sort=best&perPage=2&page=2`)).json().data;
    expect(page2).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page2.list.map((entry: { author: { name: string } }) => entry.author.name)).toEqual([
      masked(low.phone),
    ]);

    const mine = (await list(`questionId=${ro.id}`, high.token)).json().data;
    expect(mine.list.map((entry: { isMine: boolean }) => entry.isMine)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('shows chosen options with their text, not the key', async () => {
    const learner = await newLearner();
    const options = (rmcm.content as { options: { id: string; text: string }[] }).options;
    const correct = (rmcm.key as { correct: string[] }).correct;
    const wrong = options.find((option) => !correct.includes(option.id))!;
    const scored = await attempt(learner, 'rmcm-0002', { chosen: [wrong.id] });
    await share(learner.token, { attemptId: scored.id, questionId: 'rmcm-0002' });
    const [entry] = (await list('questionId=rmcm-0002')).json().data.list;
    expect(entry.answerLines).toEqual([`${wrong.id}. ${wrong.text}`]);
  });

  it('is empty for an item nobody shared, 404 for an unknown item, 400 for a bad sort', async () => {
    expect((await list('questionId=wfd-0002')).json().data).toMatchObject({ list: [], total: 0 });
    expect((await list('questionId=wfd-9999')).statusCode).toBe(404);
    const bad = await list(`questionId=${wfd.id}&sort=top`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('sort');
  });
});

describe('GET /api/questionsComment/detail and POST /api/questionsComment/delete', () => {
  it('shows one share publicly; its owner alone can delete it', async () => {
    const owner = await newLearner('小九');
    const other = await newLearner();
    const scored = await attempt(owner, wfd.id, { text: 'library' });
    const { id } = (
      await share(owner.token, { attemptId: scored.id, questionId: wfd.id, content: '加油' })
    ).json().data;

    const shown = await detail(`id=${id}&questionId=${wfd.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      id,
      questionId: wfd.id,
      shareType: 1,
      item: { id: wfd.id, type: 'WFD', number: 1, title: wfd.title },
      author: { name: '小九' },
      score: scored.score,
      max: scored.max,
      answerLines: ['library'],
      content: '加油',
      isMine: false,
    });
    expect((await detail(`id=${id}&questionId=wfd-0002`)).statusCode).toBe(404);
    expect((await detail('id=999999999')).json().code).toBe(ErrorCode.NotFound);
    expect((await detail('id=x')).statusCode).toBe(400);

    expect((await remove(undefined, id)).statusCode).toBe(401);
    const notYours = await remove(other.token, id);
    expect(notYours.statusCode).toBe(404);
    expect((await detail(`id=${id}`)).statusCode).toBe(200);

    const removed = await remove(owner.token, id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ id, deleted: true });
    expect((await detail(`id=${id}`)).json()).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '分享不存在或已删除',
    });
    expect((await remove(owner.token, id)).statusCode).toBe(404);
    // The attempt itself stays, and can be shared again.
    const again = await share(owner.token, { attemptId: scored.id, questionId: wfd.id });
    expect(again.statusCode).toBe(200);
  });
});
