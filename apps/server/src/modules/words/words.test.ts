import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/** Word look-up (spec §4/§5) and the word book through the API, each learner's own. */

let app: App;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock: testClock() });
  ({ token: tokenA } = await createLearner(database.db, { now: testClock().now() }));
  ({ token: tokenB } = await createLearner(database.db, { now: testClock().now() }));
}, 30_000);
afterAll(async () => {
  await app.close();
});

const lookUp = (word: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/dictionary/lookup?word=${encodeURIComponent(word)}`,
    headers: token ? { token } : {},
  });
const call = (path: 'add' | 'remove', token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/words/${path}`,
    headers: token ? { token } : {},
    payload: payload as Record<string, unknown>,
  });
const list = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/words/list${query}`, headers: { token } });
const words = (response: { json(): { data: { list: { word: string }[] } } }) =>
  response.json().data.list.map((entry) => entry.word);

describe('dictionary look-up', () => {
  it('is open to everyone and answers the base word of a form', async () => {
    const response = await lookUp('Studies');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      word: 'study',
      query: 'studies',
      phonetics: { uk: 'ˈstʌdi', us: 'ˈstʌdi' },
      isSaved: null,
    });
    expect(response.json().data.glosses.length).toBeGreaterThan(0);
  }, 30_000);

  it('accepts only tokens starting with a letter or digit (spec §5)', async () => {
    for (const word of ["'tis", '-ability', 'two words', '', '学习']) {
      const response = await lookUp(word);
      // '学习' starts with a letter (\p{L}) so it passes validation and is simply not found.
      const expected = word === '学习' ? 404 : 400;
      expect(response.statusCode, word).toBe(expected);
      expect(response.json().code).toBe(
        expected === 400 ? ErrorCode.InvalidInput : ErrorCode.NotFound,
      );
    }
    expect((await lookUp('2020')).statusCode).not.toBe(400);
  });

  it('answers 40401 for a word no dictionary holds', async () => {
    const response = await lookUp('qzxqzxq');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ErrorCode.NotFound, msg: '词典中没有收录这个单词' });
  });
});

describe('word book', () => {
  it('needs a signed-in learner', async () => {
    expect((await call('add', undefined, { word: 'study' })).json().code).toBe(
      ErrorCode.TokenMissing,
    );
  });

  it('saves the base word, idempotently, newest first, and the look-up says it is saved', async () => {
    const added = await call('add', tokenA, { word: 'studies' });
    expect(added.json().data).toEqual({ word: 'study', isSaved: true });
    expect((await call('add', tokenA, { word: 'study' })).statusCode).toBe(200);
    await call('add', tokenA, { word: 'ran' });
    expect(words(await list(tokenA))).toEqual(['run', 'study']);
    const first = (await list(tokenA)).json().data;
    expect(first.total).toBe(2);
    expect(first.list[1]).toMatchObject({
      word: 'study',
      phonetic: 'ˈstʌdi',
      gloss: expect.stringContaining('学习'),
    });
    expect((await lookUp('study', tokenA)).json().data.isSaved).toBe(true);
    expect((await lookUp('study', tokenB)).json().data.isSaved).toBe(false);
    expect(words(await list(tokenB))).toEqual([]);
    expect(words(await list(tokenA, '?page=2&perPage=1'))).toEqual(['study']);
  });

  it('removes a word by any of its forms; removing twice is fine', async () => {
    await call('add', tokenB, { word: 'stopped' });
    expect(words(await list(tokenB))).toEqual(['stop']);
    expect((await call('remove', tokenB, { word: 'stopped' })).json().data).toEqual({
      word: 'stop',
      isSaved: false,
    });
    expect((await call('remove', tokenB, { word: 'stop' })).statusCode).toBe(200);
    expect(words(await list(tokenB))).toEqual([]);
  });

  it('refuses a word no dictionary holds and a malformed one', async () => {
    expect((await call('add', tokenA, { word: 'qzxqzxq' })).json().code).toBe(ErrorCode.NotFound);
    expect((await call('add', tokenA, { word: '...' })).json().code).toBe(ErrorCode.InvalidInput);
  });
});
