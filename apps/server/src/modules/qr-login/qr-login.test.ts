import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { getUser, signIn, uniquePhone } from '../../../test/accounts';
import { buildTestApp, testClock } from '../../../test/test-app';

describe('app-mode QR sign-in (spec §4)', () => {
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp({}, { clock });
  });
  afterAll(async () => app.close());

  const poll = (uuid: string) =>
    app.inject({
      method: 'GET',
      url: `/api/user/giveTokenByUUID?uuid=${uuid}`,
      headers: { 'user-agent': 'DesktopBrowser/1.0' },
    });
  const phoneCall = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

  it('waits with code 2, shows the scan, then hands out a token once', async () => {
    const uuid = randomUUID();
    const waiting = await poll(uuid);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ code: ErrorCode.QrPending, msg: '等待扫码' });

    const phoneToken = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    const info = await phoneCall('GET', `/api/user/qrLogin?uuid=${uuid}`, phoneToken);
    expect(info.json().data).toMatchObject({
      uuid,
      status: 'scanned',
      requestedFrom: { userAgent: 'DesktopBrowser/1.0' },
    });
    expect((await poll(uuid)).json()).toEqual({
      code: ErrorCode.QrPending,
      msg: '已扫码，请在手机上确认登录',
    });

    const confirmed = await phoneCall('POST', '/api/user/qrLogin/confirm', phoneToken, { uuid });
    expect(confirmed.json()).toEqual({ data: { ok: true } });

    const signedIn = await poll(uuid);
    expect(signedIn.statusCode).toBe(200);
    const desktopToken = signedIn.json().data as string;
    expect(desktopToken).toMatch(/^[\w-]{43}$/);
    const desktopUser = (await getUser(app, desktopToken)).json().data.userCode;
    expect(desktopUser).toBe((await getUser(app, phoneToken)).json().data.userCode);

    const twice = await poll(uuid);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe(ErrorCode.QrExpired);
  });

  it('expires two minutes after the first poll with a clear error', async () => {
    const uuid = randomUUID();
    await poll(uuid);
    clock.advance(121);
    const expired = await poll(uuid);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: ErrorCode.QrExpired,
      msg: '二维码已过期，请刷新后重新扫码',
    });
    const phoneToken = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    expect(
      (await phoneCall('POST', '/api/user/qrLogin/confirm', phoneToken, { uuid })).json().code,
    ).toBe(ErrorCode.QrExpired);
  });

  it('a cancel on the phone ends the code', async () => {
    const uuid = randomUUID();
    await poll(uuid);
    const phoneToken = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    await phoneCall('GET', `/api/user/qrLogin?uuid=${uuid}`, phoneToken);
    expect(
      (await phoneCall('POST', '/api/user/qrLogin/cancel', phoneToken, { uuid })).statusCode,
    ).toBe(200);
    expect((await poll(uuid)).json()).toEqual({
      code: ErrorCode.QrExpired,
      msg: '已在手机上取消登录，请刷新二维码',
    });
  });

  it('only the phone that opened a code may cancel or confirm it (issue 18, finding 9)', async () => {
    const uuid = randomUUID();
    await poll(uuid);
    const stranger = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    // Knowing the uuid is not enough before anyone scanned it…
    const early = await phoneCall('POST', '/api/user/qrLogin/cancel', stranger, { uuid });
    expect(early.json().code).toBe(ErrorCode.QrExpired);
    const owner = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    await phoneCall('GET', `/api/user/qrLogin?uuid=${uuid}`, owner);
    // …nor after: the code belongs to the phone that opened it.
    await phoneCall('GET', `/api/user/qrLogin?uuid=${uuid}`, stranger);
    for (const action of ['cancel', 'confirm']) {
      const response = await phoneCall('POST', `/api/user/qrLogin/${action}`, stranger, { uuid });
      expect(response.json().code).toBe(ErrorCode.QrExpired);
    }
    expect((await poll(uuid)).json().msg).toBe('已扫码，请在手机上确认登录');
    const confirmed = await phoneCall('POST', '/api/user/qrLogin/confirm', owner, { uuid });
    expect(confirmed.json()).toEqual({ data: { ok: true } });
    const desktopToken = (await poll(uuid)).json().data as string;
    expect((await getUser(app, desktopToken)).json().data.userCode).toBe(
      (await getUser(app, owner)).json().data.userCode,
    );
  });

  it('confirming needs a signed-in phone and a code the desktop is showing', async () => {
    const uuid = randomUUID();
    expect(
      (await app.inject({ method: 'POST', url: '/api/user/qrLogin/confirm', payload: { uuid } }))
        .statusCode,
    ).toBe(401);
  });

  it('a phone that scans before the first desktop poll still signs the desktop in', async () => {
    const uuid = randomUUID();
    const phoneToken = await signIn(app, uniquePhone(), { now: clock.now(), clientType: 'h5' });
    const info = await phoneCall('GET', `/api/user/qrLogin?uuid=${uuid}`, phoneToken);
    expect(info.json().data).toMatchObject({
      status: 'scanned',
      requestedFrom: { ip: null, userAgent: null },
    });
    expect(
      (await phoneCall('POST', '/api/user/qrLogin/confirm', phoneToken, { uuid })).statusCode,
    ).toBe(200);
    expect((await poll(uuid)).json().data).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a uuid that is not a UUID', async () => {
    const response = await poll('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
  });
});
