import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { addSeconds } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import { createUser } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { deviceLabel, maskIp } from './sessions.mapper';
import { SESSION_TTL_SECONDS } from './sessions.service';

/**
 * 个人中心's signed-in devices through the API: the list (live sessions only, this one marked,
 * addresses masked, no token hashes), signing one device out, signing all out, and a learner
 * never reaching another learner's sessions.
 */

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

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';

async function device(
  userId: number,
  options: { userAgent?: string; ip?: string; clientType?: string; ageSeconds?: number } = {},
): Promise<{ token: string; id: number }> {
  const token = newToken();
  const at = addSeconds(clock.now(), -(options.ageSeconds ?? 0));
  const [row] = await database.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      clientType: options.clientType ?? 'pcweb',
      ip: options.ip ?? null,
      userAgent: options.userAgent ?? null,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: addSeconds(at, SESSION_TTL_SECONDS),
    })
    .returning({ id: sessions.id });
  return { token, id: row!.id };
}

const list = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { token } });
const signOut = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sessions/signOut',
    headers: { token },
    payload: payload as Record<string, unknown>,
  });
const signOutAll = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sessions/signOutAll', headers: { token } });
const getUser = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/getUser', headers: { token } });

describe('GET /api/auth/sessions', () => {
  it('lists the live devices, this one marked, newest activity first, masked', async () => {
    const user = await createUser(database.db, { now: clock.now() });
    const phone = await device(user.id, {
      userAgent: WECHAT_IPHONE,
      ip: '223.5.5.5',
      clientType: 'h5',
      ageSeconds: 3600,
    });
    const desk = await device(user.id, { userAgent: CHROME_WINDOWS, ip: '114.114.114.114' });
    const ended = await device(user.id, { ageSeconds: 60 });
    await signOut(desk.token, { id: ended.id });
    // Expired sessions are not devices any more.
    await device(user.id, { ageSeconds: SESSION_TTL_SECONDS + 10 });

    const response = await list(desk.token);
    expect(response.statusCode, response.body).toBe(200);
    const devices = response.json().data.list;
    expect(devices).toEqual([
      expect.objectContaining({
        id: desk.id,
        device: 'Windows · Chrome',
        ip: '114.114.*.*',
        current: true,
        clientType: 'pcweb',
      }),
      expect.objectContaining({
        id: phone.id,
        device: 'iPhone · 微信',
        ip: '223.5.*.*',
        current: false,
        clientType: 'h5',
      }),
    ]);
    expect(response.body).not.toMatch(/tokenHash|token_hash|userAgent/);
  });

  it('needs a signed-in learner', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.TokenMissing);
  });
});

describe('POST /api/auth/sessions/signOut', () => {
  it('signs another device out: its token stops working, this one goes on', async () => {
    const user = await createUser(database.db, { now: clock.now() });
    const here = await device(user.id);
    const there = await device(user.id);
    const response = await signOut(here.token, { id: there.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ signedOut: 1, current: false });
    expect((await getUser(there.token)).json().code).toBe(ErrorCode.SessionRevoked);
    expect((await getUser(here.token)).statusCode).toBe(200);
    // Twice: already gone.
    const again = await signOut(here.token, { id: there.id });
    expect(again.statusCode).toBe(404);
  });

  it('signing this device out is logging out', async () => {
    const user = await createUser(database.db, { now: clock.now() });
    const here = await device(user.id);
    const response = await signOut(here.token, { id: here.id });
    expect(response.json().data).toEqual({ signedOut: 1, current: true });
    expect((await getUser(here.token)).statusCode).toBe(401);
  });

  it("never touches another learner's session", async () => {
    const me = await createUser(database.db, { now: clock.now() });
    const other = await createUser(database.db, { now: clock.now() });
    const mine = await device(me.id);
    const theirs = await device(other.id);
    const response = await signOut(mine.token, { id: theirs.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ErrorCode.NotFound);
    expect((await getUser(theirs.token)).statusCode).toBe(200);
  });

  it.each([
    ['no id', {}],
    ['a string id', { id: '1' }],
    ['a negative id', { id: -1 }],
    ['a fraction', { id: 1.5 }],
    ['an id past the safe integers', { id: 2 ** 60 }],
    ['an extra field', { id: 1, all: true }],
  ])('refuses %s with 40001', async (_label, payload) => {
    const user = await createUser(database.db, { now: clock.now() });
    const here = await device(user.id);
    const response = await signOut(here.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
  });
});

describe('POST /api/auth/sessions/signOutAll', () => {
  it("signs every device of the learner out, this one too, and nobody else's", async () => {
    const me = await createUser(database.db, { now: clock.now() });
    const other = await createUser(database.db, { now: clock.now() });
    const here = await device(me.id);
    const phone = await device(me.id, { clientType: 'h5' });
    const app2 = await device(me.id, { clientType: 'app' });
    const theirs = await device(other.id);

    const response = await signOutAll(here.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ signedOut: 3, current: true });
    for (const token of [here.token, phone.token, app2.token]) {
      expect((await getUser(token)).json().code).toBe(ErrorCode.SessionRevoked);
    }
    expect((await getUser(theirs.token)).statusCode).toBe(200);
  });
});

describe('deviceLabel and maskIp', () => {
  it.each([
    [CHROME_WINDOWS, 'pcweb', 'Windows · Chrome'],
    [WECHAT_IPHONE, 'h5', 'iPhone · 微信'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'pcweb',
      'Mac · Safari',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'pcweb',
      'Windows · Edge',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'h5',
      'Android · Chrome',
    ],
    [null, 'app', 'App'],
    ['', 'pcweb', '网页'],
    ['curl/8.5.0', 'something', '未知设备'],
  ])('%s (%s) → %s', (userAgent, clientType, label) => {
    expect(deviceLabel(userAgent, clientType)).toBe(label);
  });

  it.each([
    ['114.114.114.114', '114.114.*.*'],
    ['::ffff:10.1.2.3', '10.1.*.*'],
    ['2400:3200::1', '2400:3200:*'],
    [null, null],
    ['', null],
  ])('%s → %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
