import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createSession, createUser } from '../../../test/factories';
import { getUser, latestCode, signIn, uniquePhone } from '../../../test/accounts';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

describe('个人中心 · 登录方式 (ADR 0031)', () => {
  let app: App;
  let db: Db;
  const clock = testClock();
  beforeAll(async () => {
    const database = await openTestDatabase();
    db = database.db;
    app = await buildApp(testConfig(), { clock, database });
  });
  afterAll(async () => app.close());

  const call = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: { token, clientType: 'pcweb' },
      ...(payload ? { payload } : {}),
    });

  const learner = async () => {
    const phone = uniquePhone();
    const user = await createUser(db, { phone, now: clock.now() });
    const token = await createSession(db, user.id, { now: clock.now() });
    return { user, phone, token };
  };

  /** Steps 1 and 2: the current phone's code, checked, gives the proof. */
  const proveCurrent = async (token: string, phone: string) => {
    const sent = await call(token, 'POST', '/api/user/bindings/phone/sendCurrentCode');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      phonecode: '86',
    });
    const verified = await call(token, 'POST', '/api/user/bindings/phone/verifyCurrent', {
      code: await latestCode(app, phone),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json().data.proof as string;
  };

  it('shows the phone masked and no WeChat', async () => {
    const { phone, token } = await learner();
    const response = await call(token, 'GET', '/api/user/bindings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      phonecode: '86',
      wechat: null,
    });
    expect((await app.inject({ method: 'GET', url: '/api/user/bindings' })).json().code).toBe(
      ErrorCode.TokenMissing,
    );
  });

  it('changes the phone with both codes; other devices are signed out, this one stays', async () => {
    const { user, phone, token } = await learner();
    const other = await createSession(db, user.id, { now: clock.now(), clientType: 'app' });
    const proof = await proveCurrent(token, phone);
    const next = uniquePhone();
    const sent = await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', {
      phone: next,
      phonecode: '86',
      proof,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const changed = await call(token, 'POST', '/api/user/bindings/phone/change', {
      phone: next,
      phonecode: '86',
      code: await latestCode(app, next),
      proof,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({
      bindings: {
        phone: `${next.slice(0, 3)}****${next.slice(-4)}`,
        phonecode: '86',
        wechat: null,
      },
      signedOutDevices: 1,
    });
    expect((await getUser(app, token)).json().data.phone).toBe(
      `${next.slice(0, 3)}****${next.slice(-4)}`,
    );
    expect((await getUser(app, other)).json().code).toBe(ErrorCode.SessionRevoked);
    // The proof named the old number: it cannot move the account again.
    const again = await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', {
      phone: uniquePhone(),
      phonecode: '86',
      proof,
    });
    expect(again.json()).toMatchObject({ code: ErrorCode.InvalidInput, msg: '请先验证原手机号' });
    // The new phone signs the same account in; the old one now makes a new account.
    clock.advance(61);
    const viaNew = (await getUser(app, await signIn(app, next, { now: clock.now() }))).json().data;
    expect(viaNew.userCode).toBe(user.userCode);
    const viaOld = (await getUser(app, await signIn(app, phone, { now: clock.now() }))).json().data;
    expect(viaOld.userCode).not.toBe(user.userCode);
  });

  it('refuses a new number without the proof of the current one, or with a forged or old proof', async () => {
    const { phone, token } = await learner();
    for (const proof of [
      undefined,
      'x',
      `${Math.floor(Date.now() / 1000) + 600}.${'0'.repeat(64)}`,
    ]) {
      const response = await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', {
        phone: uniquePhone(),
        phonecode: '86',
        ...(proof ? { proof } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: ErrorCode.InvalidInput, msg: '请先验证原手机号' });
    }
    const proof = await proveCurrent(token, phone);
    // Another session of the same learner cannot use this session's proof.
    const { user } = await learner();
    const stranger = await createSession(db, user.id, { now: clock.now() });
    expect(
      (
        await call(stranger, 'POST', '/api/user/bindings/phone/sendNewCode', {
          phone: uniquePhone(),
          proof,
        })
      ).json().msg,
    ).toBe('请先验证原手机号');
    clock.advance(11 * 60);
    const late = await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', {
      phone: uniquePhone(),
      proof,
    });
    expect(late.json()).toEqual({
      code: ErrorCode.InvalidInput,
      msg: '原手机号验证已过期，请重新验证',
    });
  });

  it('refuses a phone that signs another account in with 40008, after its code is proven', async () => {
    const { user, phone, token } = await learner();
    const taken = uniquePhone();
    await createUser(db, { phone: taken, now: clock.now() });
    const proof = await proveCurrent(token, phone);
    expect(
      (
        await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', {
          phone: taken,
          proof,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await call(token, 'POST', '/api/user/bindings/phone/change', {
      phone: taken,
      code: await latestCode(app, taken),
      proof,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: ErrorCode.PhoneAlreadyBound,
      msg: '该手机号已绑定其他账号',
    });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phone).toBe(phone);
  });

  it('a wrong code for the new phone changes nothing', async () => {
    const { user, phone, token } = await learner();
    const proof = await proveCurrent(token, phone);
    const next = uniquePhone();
    await call(token, 'POST', '/api/user/bindings/phone/sendNewCode', { phone: next, proof });
    const right = await latestCode(app, next);
    const wrong = right === '000000' ? '111111' : '000000';
    const response = await call(token, 'POST', '/api/user/bindings/phone/change', {
      phone: next,
      code: wrong,
      proof,
    });
    expect(response.json().code).toBe(ErrorCode.SmsCodeWrong);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phone).toBe(phone);
  });

  it('sends codes under the SMS rules: a second one within 60 s is refused', async () => {
    const { token } = await learner();
    expect((await call(token, 'POST', '/api/user/bindings/phone/sendCurrentCode')).statusCode).toBe(
      200,
    );
    const again = await call(token, 'POST', '/api/user/bindings/phone/sendCurrentCode');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe(ErrorCode.TooManyRequests);
  });

  it("answers the current phone's resend wait, which counts down from the sign-in's own code", async () => {
    const phone = uniquePhone();
    const token = await signIn(app, phone, { now: clock.now() });
    const wait = async () => {
      const response = await call(token, 'GET', '/api/user/bindings/phone/currentCodeWait');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.resendIn as number;
    };
    expect(await wait()).toBe(60);
    clock.advance(15);
    expect(await wait()).toBe(45);
    // The send agrees with the wait, and a refused send leaves it as it was.
    const early = await call(token, 'POST', '/api/user/bindings/phone/sendCurrentCode');
    expect(early.statusCode).toBe(429);
    expect(early.json().msg).toBe('发送太频繁，请 45 秒后再试');
    expect(await wait()).toBe(45);
    clock.advance(44.5);
    expect(await wait()).toBe(1);
    clock.advance(0.5);
    expect(await wait()).toBe(0);
    const sent = await call(token, 'POST', '/api/user/bindings/phone/sendCurrentCode');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await wait()).toBe(60);
    // A learner whose number had no code lately may send at once; signed out, nothing is told.
    expect(
      (
        await call((await learner()).token, 'GET', '/api/user/bindings/phone/currentCodeWait')
      ).json().data,
    ).toEqual({ resendIn: 0 });
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/user/bindings/phone/currentCodeWait',
    });
    expect(anonymous.json().code).toBe(ErrorCode.TokenMissing);
  });

  describe('WeChat', () => {
    const scan = (sceneId: string, identity: { openId?: string; nickname?: string } = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/dev/wechat/scan',
        payload: { sceneId, ...identity },
      });
    const newScene = async (token: string) => {
      const response = await call(token, 'POST', '/api/user/bindings/wechat/scene');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.sceneId as string;
    };
    const poll = (token: string, sceneId: string) =>
      call(token, 'GET', `/api/user/bindings/wechat/scene?sceneId=${sceneId}`);

    it('binds by a scan, signs in with it, refuses a second binding, and unbinds', async () => {
      const { user, token } = await learner();
      const sceneId = await newScene(token);
      expect((await poll(token, sceneId)).json()).toEqual({
        code: ErrorCode.QrPending,
        msg: '等待扫码',
      });
      const openId = (await scan(sceneId, { nickname: '小九' })).json().data.openId as string;
      const bound = await poll(token, sceneId);
      expect(bound.statusCode, bound.body).toBe(200);
      expect(bound.json().data.wechat).toMatchObject({ nickname: '小九' });
      // The binding scene is used up: it signs nobody in.
      expect(
        (
          await app.inject({ method: 'GET', url: `/api/auth/verifySceneId?sceneId=${sceneId}` })
        ).json().code,
      ).toBe(ErrorCode.QrExpired);
      // A sign-in scan with that WeChat now opens this account.
      const login = (await app.inject({ method: 'POST', url: '/api/auth/callBack' })).json().data
        .sceneId as string;
      await scan(login, { openId });
      const signedIn = await app.inject({
        method: 'GET',
        url: `/api/auth/verifySceneId?sceneId=${login}`,
      });
      // (One web session at a time: the WeChat sign-in is now the learner's session.)
      const current = signedIn.json().data.token as string;
      expect((await getUser(app, signedIn.json().data.token)).json().data.userCode).toBe(
        user.userCode,
      );
      expect((await call(current, 'POST', '/api/user/bindings/wechat/scene')).json()).toEqual({
        code: ErrorCode.InvalidInput,
        msg: '账号已绑定微信，请先解绑',
      });
      const unbound = await call(current, 'POST', '/api/user/bindings/wechat/unbind');
      expect(unbound.statusCode, unbound.body).toBe(200);
      expect(unbound.json().data.wechat).toBeNull();
      expect((await call(current, 'GET', '/api/user/bindings')).json().data.wechat).toBeNull();
    });

    it('refuses a WeChat bound to another account with 40007', async () => {
      const first = await learner();
      const sceneId = await newScene(first.token);
      const openId = (await scan(sceneId)).json().data.openId as string;
      expect((await poll(first.token, sceneId)).statusCode).toBe(200);
      const second = await learner();
      const other = await newScene(second.token);
      await scan(other, { openId });
      const refused = await poll(second.token, other);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe(ErrorCode.IdentityAlreadyBound);
      expect((await call(second.token, 'GET', '/api/user/bindings')).json().data.wechat).toBeNull();
    });

    it('never unbinds the only way to sign in: an account without a phone keeps its WeChat', async () => {
      const { user, token } = await learner();
      const sceneId = await newScene(token);
      await scan(sceneId);
      expect((await poll(token, sceneId)).statusCode).toBe(200);
      await db.update(users).set({ phone: null, phonecode: null }).where(eq(users.id, user.id));
      const refused = await call(token, 'POST', '/api/user/bindings/wechat/unbind');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('微信是账号唯一的登录方式，请先绑定手机号再解绑');
      expect((await call(token, 'GET', '/api/user/bindings')).json().data).toMatchObject({
        phone: null,
        wechat: { nickname: '微信用户' },
      });
    });
  });
});
