import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/** 个人中心's nickname through the API: saved trimmed, shown by getUser, hostile names refused. */

let app: App;
let database: Database;
const clock = testClock();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock });
});
afterAll(async () => {
  await app.close();
});

const rename = (token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/user/updateNickname',
    headers: token ? { token } : {},
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/user/updateNickname', () => {
  it('saves the name trimmed, and getUser shows it', async () => {
    const { token } = await createLearner(database.db, { now: clock.now() });
    const response = await rename(token, { nickname: '  小九 Nine  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ nickname: '小九 Nine' });
    const user = await app.inject({ method: 'GET', url: '/api/auth/getUser', headers: { token } });
    expect(user.json().data.nickname).toBe('小九 Nine');
  });

  it('renames only the learner who asks', async () => {
    const me = await createLearner(database.db, { now: clock.now() });
    const other = await createLearner(database.db, { now: clock.now(), nickname: '别人' });
    await rename(me.token, { nickname: '我自己' });
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/auth/getUser',
      headers: { token: other.token },
    });
    expect(theirs.json().data.nickname).toBe('别人');
  });

  it('needs a signed-in learner', async () => {
    const response = await rename(undefined, { nickname: '小九' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['empty', { nickname: '' }],
    ['only spaces', { nickname: '   ' }],
    ['too long', { nickname: '九'.repeat(21) }],
    ['a NUL', { nickname: 'a\u0000b' }],
    ['a line break', { nickname: 'a\nb' }],
    ['a right-to-left override', { nickname: 'abc\u202edcb' }],
    ['a zero-width space', { nickname: 'a\u200bb' }],
    ['not a string', { nickname: 9 }],
    ['no nickname', {}],
    ['an extra field', { nickname: '小九', icon: '/x.png' }],
  ])('refuses %s with 40001', async (_label, payload) => {
    const { token } = await createLearner(database.db, { now: clock.now() });
    const response = await rename(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
  });

  it('takes a name of exactly 20 characters', async () => {
    const { token } = await createLearner(database.db, { now: clock.now() });
    const response = await rename(token, { nickname: '九'.repeat(20) });
    expect(response.statusCode).toBe(200);
  });
});
