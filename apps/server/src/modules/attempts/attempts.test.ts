import { randomUUID } from 'node:crypto';
import { ANSWER_MAX_WORDS, ErrorCode } from '@ninety/contract';
import { keyAnswerOf, OBJECTIVE_TYPE_CODES, type ObjectiveItem } from '@ninety/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { attempts, items, users } from '../../db/schema';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Scored attempts through the API on a real database: the server's own score for every objective
 * type, bad answers refused with nothing stored, the quota spent once per attempt under
 * concurrency, double submits stored once, and each learner's history their own.
 */

let app: App;
let database: Database;
const ENERGY = 5;

const examples = OBJECTIVE_TYPE_CODES.map((code) => bankItem(code, 1) as ObjectiveItem);
const wfd = examples.find((item) => item.type === 'WFD')!;
const ro = examples.find((item) => item.type === 'RO')!;
const rwfib = examples.find((item) => item.type === 'RWFIB')!;
const rmcm = examples.find((item) => item.type === 'RMCM')!;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ NON_MEMBER_ENERGY: String(ENERGY) }), {
    database,
    clock: testClock(),
  });
  await seedItems(database.db, [
    ...examples,
    bankItem('RA', 1),
    bankItem('SWT', 1),
    bankItem('WE', 1),
    bankItem('SST', 1),
  ]);
});
afterAll(async () => {
  await app.close();
});

function submit(token: string | undefined, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/posts/examed',
    headers: token ? { token } : {},
    payload: { timeSpentSeconds: 42, idempotencyKey: randomUUID(), ...body },
  });
}

async function newLearner() {
  const { token, userId } = await createLearner(database.db, {
    energy: ENERGY,
    now: testClock().now(),
  });
  return { token, userId };
}

async function storedAttempts(userId: number) {
  return database.db.select().from(attempts).where(eq(attempts.userId, userId));
}

async function energyOf(userId: number) {
  const [row] = await database.db
    .select({ energy: users.energy })
    .from(users)
    .where(eq(users.id, userId));
  return row?.energy;
}

describe('POST /api/posts/examed', () => {
  it.each(examples.map((item) => [item.type, item] as const))(
    '%s: the key as the answer earns full marks, scored by the server',
    async (_code, item) => {
      const { token } = await newLearner();
      const response = await submit(token, { itemId: item.id, answer: keyAnswerOf(item) });
      expect(response.statusCode, response.body).toBe(200);
      const { attempt, answer } = response.json().data;
      expect(attempt.score).toBe(attempt.max);
      expect(attempt.max).toBeGreaterThan(0);
      expect(attempt).toMatchObject({ itemId: item.id, type: item.type, timeSpentSeconds: 42 });
      expect(attempt.scoringProfile).toMatch(/^pte-/);
      // The key and 解析 come with the scored attempt.
      expect(answer).toMatchObject({
        id: item.id,
        key: item.key,
        explanationZh: item.explanationZh,
      });
    },
  );

  it('scores a partly right dictation with its word diff, and counts the practice', async () => {
    const { token, userId } = await newLearner();
    const response = await submit(token, {
      itemId: wfd.id,
      answer: { text: 'the library will extend its hours' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { attempt, energy } = response.json().data;
    expect(attempt.result.kind).toBe('dictation');
    expect(attempt.score).toBeLessThan(attempt.max);
    expect(attempt.result.words.some((word: { kind: string }) => word.kind === 'missed')).toBe(
      true,
    );
    expect(energy).toBe(ENERGY - 1);
    expect(await energyOf(userId)).toBe(ENERGY - 1);

    const list = await app.inject({
      method: 'GET',
      url: '/api/postsV2/list?code=WFD',
      headers: { token },
    });
    const row = list.json().data.list.find((entry: { id: string }) => entry.id === wfd.id);
    expect(row.practised).toBe(true);
    expect(row.practiceCount).toBeGreaterThanOrEqual(1);
  });

  it('never trusts a score sent by the client', async () => {
    const { token } = await newLearner();
    const response = await submit(token, { itemId: rmcm.id, answer: { chosen: [] }, score: 99 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attempt.score).toBe(0);
  });

  describe('bad input: the field named, nothing stored, nothing spent', () => {
    const blanksOf = (item: ObjectiveItem) => (keyAnswerOf(item) as { blanks: string[] }).blanks;
    it.each([
      {
        case: 'an item that does not exist',
        body: () => ({ itemId: 'wfd-9999', answer: { text: 'x' } }),
        status: 404,
        code: ErrorCode.NotFound,
        msg: /题目不存在/,
      },
      {
        case: 'an answer of another type’s shape',
        body: () => ({ itemId: ro.id, answer: { chosen: ['A'] } }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /answer/,
      },
      {
        case: 'the wrong number of blanks',
        body: () => ({ itemId: rwfib.id, answer: { blanks: blanksOf(rwfib).slice(1) } }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /answer\.blanks 无效：这道题有 \d+ 个空/,
      },
      {
        case: 'an unknown option id',
        body: () => ({ itemId: rmcm.id, answer: { chosen: ['H'] } }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /answer\.chosen 无效：没有选项 H/,
      },
      {
        case: `a text over ${ANSWER_MAX_WORDS} words`,
        body: () => ({ itemId: wfd.id, answer: { text: 'word '.repeat(ANSWER_MAX_WORDS + 1) } }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /answer\.text 无效：不能超过 5000 词/,
      },
      {
        case: 'a speaking item',
        body: () => ({ itemId: 'ra-0001', answer: { text: 'hello' } }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /录音/,
      },
      {
        case: 'a negative time',
        body: () => ({ itemId: wfd.id, answer: { text: 'x' }, timeSpentSeconds: -1 }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /timeSpentSeconds/,
      },
      {
        case: 'a malformed idempotency key',
        body: () => ({ itemId: wfd.id, answer: { text: 'x' }, idempotencyKey: 'again' }),
        status: 400,
        code: ErrorCode.InvalidInput,
        msg: /idempotencyKey/,
      },
    ])('$case → $status', async ({ body, status, code, msg }) => {
      const { token, userId } = await newLearner();
      const response = await submit(token, body());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().msg).toMatch(msg);
      expect(await storedAttempts(userId)).toHaveLength(0);
      expect(await energyOf(userId)).toBe(ENERGY);
    });

    it('refuses a text over the word limit for a writing item', async () => {
      const { token, userId } = await newLearner();
      const response = await submit(token, {
        itemId: 'we-0001',
        answer: { text: 'word '.repeat(ANSWER_MAX_WORDS + 1) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain('answer.text');
      expect(await storedAttempts(userId)).toHaveLength(0);
    });
  });

  describe('writing (SWT, WE, SST): traits with evidence, gates, stored like any attempt', () => {
    // One learner for these three writing attempts (the default quota covers them).
    let learner: Promise<{ token: string; userId: number }> | undefined;
    const writer = () => (learner ??= newLearner());
    it.each(['SWT', 'WE', 'SST'] as const)(
      '%s: the sample answer earns every trait in full',
      async (type) => {
        const item = bankItem(type, 1) as { id: string; key: { sampleAnswer: string } };
        const { token } = await writer();
        const response = await submit(token, {
          itemId: item.id,
          answer: { text: item.key.sampleAnswer },
        });
        expect(response.statusCode, response.body).toBe(200);
        const { attempt } = response.json().data;
        expect(attempt.result.kind).toBe('writing');
        expect(attempt.score).toBe(attempt.max);
        expect(attempt.result.gatedBy).toBeNull();
        const traits = attempt.result.traits.map((trait: { trait: string }) => trait.trait);
        expect(traits).toContain('content');
        expect(traits).toContain('form');
      },
    );

    it('a summary in two sentences loses form and the gate zeroes the item, with the reason', async () => {
      const { token, userId } = await writer();
      const sample = (bankItem('SWT', 1) as { key: { sampleAnswer: string } }).key.sampleAnswer;
      const twoSentences = sample.replace(
        /, (\w)/,
        (_, letter: string) => `. ${letter.toUpperCase()}`,
      );
      const response = await submit(token, { itemId: 'swt-0001', answer: { text: twoSentences } });
      expect(response.statusCode, response.body).toBe(200);
      const { attempt } = response.json().data;
      expect(attempt).toMatchObject({ score: 0, result: { gatedBy: 'form' } });
      const form = attempt.result.traits.find((trait: { trait: string }) => trait.trait === 'form');
      expect(form.summaryZh).toContain('2 句');
      expect(await storedAttempts(userId)).toContainEqual(
        expect.objectContaining({ itemId: 'swt-0001', score: 0 }),
      );
    });
  });

  it('needs a signed-in learner', async () => {
    const response = await submit(undefined, { itemId: wfd.id, answer: { text: 'x' } });
    expect(response.statusCode).toBe(401);
  });

  it('stores a double submit once and spends one use, even when both arrive together', async () => {
    const { token, userId } = await newLearner();
    const idempotencyKey = randomUUID();
    const body = { itemId: wfd.id, answer: { text: 'library' }, idempotencyKey };
    const responses = await Promise.all([
      submit(token, body),
      submit(token, body),
      submit(token, body),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => response.json().data.attempt.id));
    expect(ids.size).toBe(1);
    expect(await storedAttempts(userId)).toHaveLength(1);
    expect(await energyOf(userId)).toBe(ENERGY - 1);
    expect(responses.map((response) => response.json().data.energy)).toContain(ENERGY - 1);

    const again = await submit(token, { ...body, itemId: ro.id, answer: { order: [] } });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toContain('idempotencyKey');
  });

  it('spends the last uses atomically: parallel attempts past the quota store nothing', async () => {
    const { token, userId } = await newLearner();
    const responses = await Promise.all(
      Array.from({ length: ENERGY + 3 }, () =>
        submit(token, { itemId: wfd.id, answer: { text: 'the' } }),
      ),
    );
    const refused = responses.filter((response) => response.statusCode === 403);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(ENERGY);
    expect(refused).toHaveLength(3);
    for (const response of refused)
      expect(response.json()).toMatchObject({ code: ErrorCode.QuotaUsedUp, msg: '剩余次数不足' });
    expect(await storedAttempts(userId)).toHaveLength(ENERGY);
    expect(await energyOf(userId)).toBe(0);
    const [item] = await database.db
      .select({ count: items.practiceCount })
      .from(items)
      .where(eq(items.id, wfd.id));
    expect(item?.count).toBeGreaterThanOrEqual(ENERGY);
  });

  it('lets members practise without spending anything', async () => {
    const { token, userId } = await newLearner();
    await database.db
      .update(users)
      .set({ memberLevel: 1, memberExpiresAt: new Date('2027-01-01T00:00:00Z') })
      .where(eq(users.id, userId));
    for (let i = 0; i < ENERGY + 1; i += 1) {
      const response = await submit(token, { itemId: wfd.id, answer: { text: 'the' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.energy).toBeNull();
    }
    expect(await energyOf(userId)).toBe(ENERGY);
  });
});

describe('GET /api/posts/attempts', () => {
  it('lists the learner’s own attempts on the item, newest first', async () => {
    const a = await newLearner();
    const b = await newLearner();
    await submit(a.token, { itemId: ro.id, answer: { order: [] } });
    await submit(a.token, { itemId: ro.id, answer: keyAnswerOf(ro) });
    await submit(b.token, { itemId: ro.id, answer: keyAnswerOf(ro) });

    const history = (token: string) =>
      app.inject({ method: 'GET', url: `/api/posts/attempts?itemId=${ro.id}`, headers: { token } });
    const mine = (await history(a.token)).json().data.list;
    expect(mine).toHaveLength(2);
    expect(mine[0].score).toBe(mine[0].max);
    expect(mine[1].score).toBe(0);
    expect(mine[0].answer).toEqual(keyAnswerOf(ro));
    expect((await history(b.token)).json().data.list).toHaveLength(1);

    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/posts/attempts?itemId=${ro.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
