import { createHash } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { getUser, latestCode, sendSms, signIn, uniquePhone } from '../../../test/accounts';
import { buildTestApp, openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { insertScene } from './wechat.repository';

describe('WeChat QR sign-in with the local simulator (spec §4)', () => {
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp({}, { clock });
  });
  afterAll(async () => app.close());

  const newScene = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/callBack' });
    expect(response.statusCode).toBe(200);
    return response.json().data as { url: string; sceneId: string };
  };
  const poll = (sceneId: string) =>
    app.inject({ method: 'GET', url: `/api/auth/verifySceneId?sceneId=${sceneId}` });
  const scan = (sceneId: string, identity: { openId?: string; nickname?: string } = {}) =>
    app.inject({ method: 'POST', url: '/api/dev/wechat/scan', payload: { sceneId, ...identity } });
  const bind = async (phone: string, userCode: string) => {
    expect((await sendSms(app, phone, { now: clock.now() })).statusCode).toBe(200);
    return app.inject({
      method: 'POST',
      url: '/api/auth/bindingPhone',
      headers: { clientType: 'pcweb' },
      payload: { phone, phonecode: '86', code: await latestCode(app, phone), userCode },
    });
  };

  it('callBack answers a QR image and a scene id', async () => {
    const scene = await newScene();
    expect(scene.sceneId).toMatch(/^[0-9a-f]{24}$/);
    expect(scene.url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(scene.url.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect((await poll(scene.sceneId)).json()).toEqual({
      code: ErrorCode.QrPending,
      msg: '等待扫码',
    });
  });

  it('a new WeChat identity gets 1011 with its userCode, binds a phone, then signs in directly', async () => {
    const scene = await newScene();
    const scanned = await scan(scene.sceneId, { nickname: '小明' });
    expect(scanned.json().data).toMatchObject({ nickname: '小明', hasPhone: false });
    const openId = scanned.json().data.openId as string;

    const needsPhone = await poll(scene.sceneId);
    expect(needsPhone.statusCode).toBe(200);
    expect(needsPhone.json().code).toBe(ErrorCode.WechatNeedsPhone);
    const userCode = needsPhone.json().msg as string;
    expect(userCode).toMatch(/^[0-9a-f]{32}$/);

    const phone = uniquePhone();
    const bound = await bind(phone, userCode);
    expect(bound.statusCode, bound.body).toBe(200);
    const me = (await getUser(app, bound.json().data.token)).json().data;
    expect(me.nickname).toBe('小明');
    expect(me.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

    const next = await newScene();
    await scan(next.sceneId, { openId });
    const direct = await poll(next.sceneId);
    expect(direct.statusCode).toBe(200);
    expect((await getUser(app, direct.json().data.token)).json().data.userCode).toBe(me.userCode);
    expect((await poll(next.sceneId)).json().code).toBe(ErrorCode.QrExpired);
  });

  it('binding a phone that already has an account merges into it', async () => {
    const phone = uniquePhone();
    const existing = (await getUser(app, await signIn(app, phone, { now: clock.now() }))).json()
      .data;
    clock.advance(61);
    const scene = await newScene();
    await scan(scene.sceneId);
    const userCode = (await poll(scene.sceneId)).json().msg as string;
    const bound = await bind(phone, userCode);
    expect(bound.statusCode, bound.body).toBe(200);
    expect((await getUser(app, bound.json().data.token)).json().data.userCode).toBe(
      existing.userCode,
    );
  });

  it('an identity bound to one phone cannot be bound to another (40007)', async () => {
    const scene = await newScene();
    await scan(scene.sceneId);
    const userCode = (await poll(scene.sceneId)).json().msg as string;
    expect((await bind(uniquePhone(), userCode)).statusCode).toBe(200);
    const again = await bind(uniquePhone(), userCode);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().code).toBe(ErrorCode.IdentityAlreadyBound);
  });

  it('binding needs the right SMS code and a known userCode', async () => {
    const scene = await newScene();
    await scan(scene.sceneId);
    const userCode = (await poll(scene.sceneId)).json().msg as string;
    const phone = uniquePhone();
    await sendSms(app, phone, { now: clock.now() });
    const code = await latestCode(app, phone);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/bindingPhone',
      payload: { phone, phonecode: '86', code: wrongCode, userCode },
    });
    expect(wrong.json().code).toBe(ErrorCode.SmsCodeWrong);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/bindingPhone',
      payload: { phone, phonecode: '86', code, userCode: 'f'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a scene expires after five minutes', async () => {
    const scene = await newScene();
    clock.advance(301);
    expect((await poll(scene.sceneId)).json().code).toBe(ErrorCode.QrExpired);
    const before = (await app.inject({ method: 'GET', url: '/api/dev/wechat/identities' })).json()
      .data.length;
    expect((await scan(scene.sceneId, { nickname: '过期扫码' })).json().code).toBe(
      ErrorCode.QrExpired,
    );
    const after = (await app.inject({ method: 'GET', url: '/api/dev/wechat/identities' })).json()
      .data.length;
    expect(after).toBe(before);
  });

  it('lists the simulator identities for the scan page', async () => {
    const scene = await newScene();
    await scan(scene.sceneId, { nickname: '模拟用户甲' });
    const list = await app.inject({ method: 'GET', url: '/api/dev/wechat/identities' });
    expect(
      list.json().data.some((identity: { nickname: string }) => identity.nickname === '模拟用户甲'),
    ).toBe(true);
  });
});

describe('WeChat official-account event push', () => {
  let app: App;
  let database: Database;
  const pushToken = 'push-token-for-tests';
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(
      testConfig({
        WECHAT_PROVIDER: 'official',
        WECHAT_APP_ID: 'wx123',
        WECHAT_APP_SECRET: 'secret',
        WECHAT_PUSH_TOKEN: pushToken,
      }),
      { database },
    );
  });
  afterAll(async () => app.close());

  const signed = (extra = '') => {
    const timestamp = '1795300000';
    const nonce = 'n0nce';
    const signature = createHash('sha1')
      .update([pushToken, timestamp, nonce].sort().join(''))
      .digest('hex');
    return `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}${extra}`;
  };

  it('answers the URL verification with echostr when signed, 40010 otherwise', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: `/api/wechat/push?${signed('&echostr=hello')}`,
    });
    expect(ok.body).toBe('hello');
    const bad = await app.inject({
      method: 'GET',
      url: '/api/wechat/push?signature=00&timestamp=1&nonce=2&echostr=x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.BadSignature);
  });

  it('a pushed SCAN event marks the scene scanned, and the poll asks for a phone', async () => {
    const sceneId = 'a'.repeat(24);
    await insertScene(database.db, sceneId, new Date(Date.now() + 300_000));
    const xml = `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oOpenId123]]></FromUserName><CreateTime>1795300000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${sceneId}]]></EventKey></xml>`;
    const pushed = await app.inject({
      method: 'POST',
      url: `/api/wechat/push?${signed()}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
    expect(pushed.body).toBe('success');
    const poll = await app.inject({
      method: 'GET',
      url: `/api/auth/verifySceneId?sceneId=${sceneId}`,
    });
    expect(poll.json().code).toBe(ErrorCode.WechatNeedsPhone);
  });

  it('has no simulator in official mode', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/dev/wechat/identities' })).statusCode,
    ).toBe(404);
  });
});
