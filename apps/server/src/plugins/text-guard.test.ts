/**
 * NUL characters and lone surrogates (issue 18, finding 3): each route that answered 500 with one
 * (PostgreSQL refuses NUL in text and lone surrogates in jsonb) now answers 40001 naming the
 * field, on PGlite and on PostgreSQL, and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { attempts } from '../db/schema';
import { bankItem, seedItems } from '../../test/bank';
import { createLearner } from '../../test/factories';
import { openTestDatabase, testConfig } from '../../test/test-app';
import { findUnstorableField } from './text-guard';

const NUL = '\u0000';
/** The first half of an emoji, without its second. */
const LONE_SURROGATE = '\ud83d';

let app: App;
let database: Database;
const wfd = bankItem('WFD', 1);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database });
  await seedItems(database.db, [wfd]);
});
afterAll(async () => {
  await app.close();
});

function expectNoServerError(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeLessThan(500);
}

function expectRefused(response: { statusCode: number; body: string }, field: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const { code, msg } = JSON.parse(response.body) as { code: number; msg: string };
  expect(code).toBe(ErrorCode.InvalidInput);
  expect(msg).toMatch(field);
  expect(msg).toMatch(/不能包含空字符（\\0）或不完整的 Unicode 字符/);
}

const examed = (token: string, itemId: string, text: string) =>
  app.inject({
    method: 'POST',
    url: '/api/posts/examed',
    headers: { token },
    payload: { itemId, answer: { text }, timeSpentSeconds: 30, idempotencyKey: randomUUID() },
  });

describe.each([
  ['a NUL character', NUL],
  ['a lone surrogate', LONE_SURROGATE],
])('%s is refused with 40001, never 500', (_, bad) => {
  it('bindingPhone userCode (no sign-in needed)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/bindingPhone',
      payload: { phone: '13912345678', code: '123456', userCode: `u${bad}x` },
    });
    expectRefused(response, /请求体字段 userCode 无效/);
  });

  it('examed item id and answer text, storing nothing', async () => {
    const { token, userId } = await createLearner(database.db);
    expectRefused(await examed(token, `${wfd.id}${bad}`, 'a text'), /请求体字段 itemId 无效/);
    expectRefused(await examed(token, wfd.id, `Some${bad} words`), /请求体字段 answer\.text 无效/);
    expect(await database.db.select().from(attempts).where(eq(attempts.userId, userId))).toEqual(
      [],
    );
  });

  it('attempts?itemId=, examedVoice?itemId= and addUserCollect', async () => {
    const { token } = await createLearner(database.db);
    // A URL carries UTF-8, where half a surrogate pair decodes to U+FFFD: only NUL gets through.
    const query = bad === NUL ? 'x%00' : 'x%ED%A0%BD';
    const check = bad === NUL ? expectRefused : expectNoServerError;
    check(
      await app.inject({
        method: 'GET',
        url: `/api/posts/attempts?itemId=${query}`,
        headers: { token },
      }),
      /查询参数字段 itemId 无效/,
    );
    check(
      await app.inject({
        method: 'POST',
        url: `/api/posts/examedVoice?itemId=${query}&timeSpentSeconds=30&idempotencyKey=${randomUUID()}`,
        headers: { token, 'content-type': 'audio/wav' },
        payload: Buffer.alloc(64),
      }),
      /查询参数字段 itemId 无效/,
    );
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/userCollect/addUserCollect',
        headers: { token },
        payload: { itemId: `${wfd.id}${bad}`, label: 1 },
      }),
      /请求体字段 itemId 无效/,
    );
  });

  it('comment content on a real attempt', async () => {
    const { token } = await createLearner(database.db);
    const scored = await examed(token, wfd.id, 'a sentence heard');
    expect(scored.statusCode, scored.body).toBe(200);
    const attemptId = scored.json().data.attempt.id as string;
    const response = await app.inject({
      method: 'POST',
      url: '/api/questionsComment/add',
      headers: { token },
      payload: { attemptId, questionId: wfd.id, content: `Nice${bad}` },
    });
    expectRefused(response, /请求体字段 content 无效/);
  });
});

describe('findUnstorableField', () => {
  it('names the first bad string or key by its path, and skips binary bodies', () => {
    expect(findUnstorableField({ a: [{ b: 'ok' }, { c: `x${NUL}` }] })).toBe('a.1.c');
    expect(findUnstorableField({ [`k${LONE_SURROGATE}`]: 1 })).toBe('k\\ud83d');
    expect(findUnstorableField(Buffer.from([0, 0xd8, 0x3d]))).toBeNull();
    expect(findUnstorableField({ text: 'emoji 😀 and 中文' })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findUnstorableField(deep)).toMatch(/^0(\.0)+$/);
  });
});
