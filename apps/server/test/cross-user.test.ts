/**
 * Cross-user checks, one place for every resource with an owner (issue 18, reliability suites):
 * learner B, signed in, aims every owner-only route at learner A's things by id and gets nothing —
 * no read, no change — and A's things are as they were. Uploads (status / part URLs / complete /
 * abort of another learner's upload) and QR codes (another phone's code) are checked the same way
 * in uploads.test.ts and qr-login.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { ITEM_TYPE_CODES, type MockPaperState } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { bankItem, seedItems } from './bank';
import { createLearner } from './factories';
import { openTestDatabase, testConfig } from './test-app';

let app: App;
let database: Database;
const wfd = bankItem('WFD', 1);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ MOCK_TEST_BLUEPRINTS: 'true', SCORING_WAIT_MS: '3000' }), {
    database,
  });
  await seedItems(
    database.db,
    ITEM_TYPE_CODES.flatMap((type) => [bankItem(type, 1), bankItem(type, 2)]),
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const learner = () => createLearner(database.db, { energy: 50, isMember: true });

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { token },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body, json: () => response.json() };
}

/** Not a success, and nothing of the owner's in the answer. */
function expectRefused(response: { status: number; body: string }, ...secrets: string[]) {
  expect(response.status, response.body).toBeGreaterThanOrEqual(400);
  expect(response.status, response.body).toBeLessThan(500);
  for (const secret of secrets) expect(response.body).not.toContain(secret);
}

describe('another learner’s things', () => {
  it('attempts: neither listed nor looked up by their submission key', async () => {
    const a = await learner();
    const b = await learner();
    const key = randomUUID();
    const submitted = await call('POST', '/api/posts/examed', a.token, {
      itemId: wfd.id,
      answer: { text: 'the library will extend' },
      timeSpentSeconds: 5,
      idempotencyKey: key,
    });
    expect(submitted.status, submitted.body).toBe(200);
    const attemptId = String(submitted.json().data.attempt.id);

    const history = await call('GET', `/api/posts/attempts?itemId=${wfd.id}`, b.token);
    expect(history.status).toBe(200);
    expect(history.json().data.list).toEqual([]);
    const result = await call(
      'GET',
      `/api/posts/scoringResult?itemId=${wfd.id}&idempotencyKey=${key}`,
      b.token,
    );
    expectRefused(result, 'the library will extend');
    // The owner still sees it.
    const own = await call('GET', `/api/posts/attempts?itemId=${wfd.id}`, a.token);
    expect(JSON.stringify(own.json().data.list)).toContain(attemptId);
  });

  it('shares: not deleted by another learner, nor shared as theirs', async () => {
    const a = await learner();
    const b = await learner();
    const submitted = await call('POST', '/api/posts/examed', a.token, {
      itemId: wfd.id,
      answer: { text: 'the library will extend' },
      timeSpentSeconds: 5,
      idempotencyKey: randomUUID(),
    });
    const attemptId = String(submitted.json().data.attempt.id);
    const share = await call('POST', '/api/questionsComment/add', a.token, {
      attemptId,
      questionId: wfd.id,
      content: 'A 的分享',
      scoreType: 2,
    });
    expect(share.status, share.body).toBe(200);
    const shareId = String(share.json().data.id);

    expectRefused(await call('POST', '/api/questionsComment/delete', b.token, { id: shareId }));
    expectRefused(
      await call('POST', '/api/questionsComment/add', b.token, {
        attemptId,
        questionId: wfd.id,
        content: 'B 冒充',
        scoreType: 2,
      }),
    );
    const detail = await call(
      'GET',
      `/api/questionsComment/detail?id=${shareId}&questionId=${wfd.id}`,
      a.token,
    );
    expect(detail.status, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ content: 'A 的分享', isMine: true });
  });

  it('favorites and the word book: each sees only their own', async () => {
    const a = await learner();
    const b = await learner();
    expect(
      (await call('POST', '/api/userCollect/addUserCollect', a.token, { itemId: wfd.id, label: 2 }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/api/words/add', a.token, { word: 'library' })).status).toBe(200);

    const favorites = await call('GET', '/api/userCollect/queryUserFavorite', b.token);
    expect(favorites.status).toBe(200);
    expect(favorites.body).not.toContain(wfd.id);
    const words = await call('GET', '/api/words/list', b.token);
    expect(words.status).toBe(200);
    expect(words.body).not.toContain('library');
    // B removing "library" from B's own book leaves A's alone.
    await call('POST', '/api/words/remove', b.token, { word: 'library' });
    expect((await call('GET', '/api/words/list', a.token)).body).toContain('library');
    expect((await call('GET', '/api/userCollect/queryUserFavorite', a.token)).body).toContain(
      wfd.id,
    );
  });

  it('the data export holds only the learner’s own account', async () => {
    const a = await learner();
    const b = await learner();
    await call('POST', '/api/words/add', a.token, { word: 'extend' });
    const phoneOfA = String(a.user.phone);
    const exported = await call('GET', '/api/account/export', b.token);
    expect(exported.status).toBe(200);
    expect(exported.body).not.toContain(phoneOfA.slice(-4) + '"');
    expect(exported.body).not.toContain(a.user.userCode);
  });

  it('mock papers: not read, answered, drafted, finished or discarded by another learner', async () => {
    const a = await learner();
    const b = await learner();
    const started = await call('POST', '/api/mock/papers', a.token, {
      blueprintId: 'test-all-types',
    });
    expect(started.status, started.body).toBe(200);
    const paper = started.json().data as MockPaperState;
    const id = paper.id;
    const before = (await call('GET', `/api/mock/papers/${id}`, a.token)).body;

    expectRefused(await call('GET', `/api/mock/papers/${id}`, b.token));
    expectRefused(
      await call('PUT', `/api/mock/papers/${id}/items/0/draft`, b.token, { answer: 'x' }),
    );
    expectRefused(
      await call('POST', `/api/mock/papers/${id}/items/0/answer`, b.token, { answer: 'x' }),
    );
    expectRefused(await call('POST', `/api/mock/papers/${id}/finish`, b.token, {}));
    expectRefused(await call('POST', `/api/mock/papers/${id}/discard`, b.token, {}));
    const records = await call('GET', '/api/mock/papers', b.token);
    expect(records.status).toBe(200);
    expect(records.body).not.toContain(id);

    const after = await call('GET', `/api/mock/papers/${id}`, a.token);
    expect(after.status).toBe(200);
    expect((after.json().data as MockPaperState).status).toBe(
      (JSON.parse(before) as { data: MockPaperState }).data.status,
    );
  });
});
