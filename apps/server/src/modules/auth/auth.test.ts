import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { getUser, signIn, uniquePhone } from '../../../test/accounts';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

describe('sessions and the signed-in user (design.md §4)', () => {
  let app: App;
  let database: Database;
  const clock = testClock();
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig({ NON_MEMBER_ENERGY: '10' }), { database, clock });
  });
  afterAll(async () => app.close());
  const now = () => clock.now();

  it('getUser answers the spec fields with the phone masked', async () => {
    const phone = uniquePhone();
    const token = await signIn(app, phone, { now: now() });
    const response = await getUser(app, token);
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(user).toMatchObject({
      nickname: `用户${phone.slice(-4)}`,
      icon: '/avatar-default.png',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      phonecode: '86',
      newMemberLevel: 0,
      nonMemberDomains: [{ domain: 'pte', energy: 10, resetRule: 'daily' }],
      isZoom: false,
    });
    expect(user.mobileToken.token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(user)).not.toContain(phone);
  });

  it('signing in again with the same phone finds the same account', async () => {
    const phone = uniquePhone();
    const first = (await getUser(app, await signIn(app, phone, { now: now() }))).json().data
      .userCode;
    clock.advance(61);
    const second = (await getUser(app, await signIn(app, phone, { now: now() }))).json().data
      .userCode;
    expect(second).toBe(first);
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('%s → 401 / 10006', async (_name, token) => {
    const response = await getUser(app, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ErrorCode.TokenMissing, msg: '请先登录' });
  });

  it('expires after 30 idle days → 100016; use slides the expiry', async () => {
    const idle = await signIn(app, uniquePhone(), { now: now() });
    const active = await signIn(app, uniquePhone(), { now: now() });
    clock.advance(20 * 86400);
    expect((await getUser(app, active)).statusCode).toBe(200);
    clock.advance(10 * 86400 + 1);
    expect((await getUser(app, idle)).json()).toEqual({
      code: ErrorCode.SessionExpired,
      msg: '登录已过期，请重新登录',
    });
    expect((await getUser(app, idle)).statusCode).toBe(401);
    expect((await getUser(app, active)).statusCode).toBe(200);
  });

  it('logout ends the session → 100017', async () => {
    const token = await signIn(app, uniquePhone(), { now: now() });
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token } });
    expect(out.json()).toEqual({ data: { loggedOut: true } });
    const after = await getUser(app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(ErrorCode.SessionRevoked);
  });

  it('a second web sign-in ends the first ("signed in elsewhere") → 100017', async () => {
    const phone = uniquePhone();
    const first = await signIn(app, phone, { now: now() });
    clock.advance(61);
    const second = await signIn(app, phone, { now: now() });
    expect((await getUser(app, first)).json().code).toBe(ErrorCode.SessionRevoked);
    expect((await getUser(app, second)).statusCode).toBe(200);
  });

  it('an account that allows several web sessions keeps them', async () => {
    const phone = uniquePhone();
    const first = await signIn(app, phone, { now: now() });
    await database.db
      .update(users)
      .set({ isSingleWebSession: false })
      .where(eq(users.phone, phone));
    clock.advance(61);
    await signIn(app, phone, { now: now() });
    expect((await getUser(app, first)).statusCode).toBe(200);
  });

  it('a sign-in on another client type leaves the web session alone', async () => {
    const phone = uniquePhone();
    const web = await signIn(app, phone, { now: now() });
    clock.advance(61);
    await signIn(app, phone, { now: now(), clientType: 'h5' });
    expect((await getUser(app, web)).statusCode).toBe(200);
  });

  it('a disabled account → 403 / 100018, and cannot sign in', async () => {
    const phone = uniquePhone();
    const token = await signIn(app, phone, { now: now() });
    await database.db.update(users).set({ isDisabled: true }).where(eq(users.phone, phone));
    const response = await getUser(app, token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.AccountDisabled);
    clock.advance(61);
    await expect(signIn(app, phone, { now: now() })).rejects.toThrow();
  });

  it('a member sees their level until the membership ends', async () => {
    const phone = uniquePhone();
    const token = await signIn(app, phone, { now: now() });
    const until = new Date(now().getTime() + 86400_000);
    await database.db
      .update(users)
      .set({ memberLevel: 2, memberExpiresAt: until })
      .where(eq(users.phone, phone));
    expect((await getUser(app, token)).json().data).toMatchObject({
      newMemberLevel: 2,
      memberExpiresAt: until.toISOString(),
    });
    const flags = await app.inject({
      method: 'GET',
      url: '/api/postsV2/findUserWorkCount',
      headers: { token },
    });
    expect(flags.json()).toEqual({ data: { isCount: false, isSecond: true, isZoom: false } });
    clock.advance(86401);
    expect((await getUser(app, token)).json().data.newMemberLevel).toBe(0);
  });

  it('findUserWorkCount needs a session and reports the flags', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/postsV2/findUserWorkCount' })).statusCode,
    ).toBe(401);
    const phone = uniquePhone();
    const token = await signIn(app, phone, { now: now() });
    await database.db.update(users).set({ isZoom: true }).where(eq(users.phone, phone));
    const flags = await app.inject({
      method: 'GET',
      url: '/api/postsV2/findUserWorkCount',
      headers: { token },
    });
    expect(flags.json()).toEqual({ data: { isCount: true, isSecond: true, isZoom: true } });
  });
});

describe('POST /api/auth/getTokenByMobileToken', () => {
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildApp(testConfig(), { database: await openTestDatabase(), clock });
  });
  afterAll(async () => app.close());

  const exchange = (mobileToken?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/getTokenByMobileToken',
      headers: { 'content-type': 'application/json', ...(mobileToken ? { mobileToken } : {}) },
    });

  it('exchanges the mobileToken from getUser for a web session, once', async () => {
    const token = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'app' });
    const me = (await getUser(app, token)).json().data;
    const first = await exchange(me.mobileToken.token);
    expect(first.statusCode).toBe(200);
    const webToken = first.json().data.token as string;
    expect((await getUser(app, webToken)).json().data.userCode).toBe(me.userCode);
    const again = await exchange(me.mobileToken.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ErrorCode.MobileTokenInvalid);
  });

  it('refuses an expired, unknown or missing mobileToken', async () => {
    const token = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'app' });
    const me = (await getUser(app, token)).json().data;
    clock.advance(601);
    expect((await exchange(me.mobileToken.token)).json().code).toBe(ErrorCode.MobileTokenInvalid);
    expect((await exchange('nope')).json().code).toBe(ErrorCode.MobileTokenInvalid);
    expect((await exchange()).json().code).toBe(ErrorCode.MobileTokenInvalid);
  });

  it('dies with the session that issued it', async () => {
    const token = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'app' });
    const me = (await getUser(app, token)).json().data;
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token } });
    expect((await exchange(me.mobileToken.token)).json().code).toBe(ErrorCode.MobileTokenInvalid);
  });
});

describe('GET /api/program/getNewWxInfo', () => {
  it('returns the configured teacher contact', async () => {
    const app = await buildApp(testConfig({ TEACHER_WX: 'ninety-teacher' }), {
      database: await openTestDatabase(),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/program/getNewWxInfo' });
      expect(response.json().data).toMatchObject({ wx: 'ninety-teacher', type: 1 });
      expect(response.json().data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(response.json().data.wxImgQr).toBe(response.json().data.qrCode);
    } finally {
      await app.close();
    }
  });
});
