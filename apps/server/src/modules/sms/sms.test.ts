import { createHash } from 'node:crypto';
import {
  DEVELOPMENT_SMS_SIGN_KEY,
  ErrorCode,
  SMS_SIGN_EXPIRE,
  smsSignPayload,
} from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { latestCode, loginPhone, sendSms, signIn, uniquePhone } from '../../../test/accounts';
import { buildTestApp, testClock } from '../../../test/test-app';

describe('POST /api/message/countryList', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.close());

  it('lists countries and regions with Chinese names and dial codes, China 86 first', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/message/countryList' });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { code: string; name: string; phonecode: string }[];
    expect(list.length).toBeGreaterThan(200);
    expect(list[0]).toMatchObject({ code: 'CN', name: '中国', phonecode: '86' });
    expect(list.slice(1, 4).map((c) => c.name)).toEqual(['中国香港', '中国澳门', '中国台湾']);
    expect(list.find((c) => c.code === 'GB')).toMatchObject({ name: '英国', phonecode: '44' });
    expect(list.every((c) => /^\d+$/.test(c.phonecode) && c.name.length > 0)).toBe(true);
  });
});

describe('POST /api/message/sendSms (spec §7 signature, design.md §4 code policy)', () => {
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp(
      { SMS_IP_HOURLY_LIMIT: '1000', SMS_IP_MINUTE_LIMIT: '1000' },
      { clock },
    );
  });
  afterAll(async () => app.close());
  const now = () => clock.now();

  it('sends a 6-digit code and says when to resend', async () => {
    const phone = uniquePhone();
    const response = await sendSms(app, phone, { now: now() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { resendAfter: 60 } });
    expect(await latestCode(app, phone)).toMatch(/^\d{6}$/);
  });

  it.each([
    ['a wrong key', { key: 'not-the-key' }],
    ['a tampered sign', { sign: 'ABCDEF' }],
    ['expire other than 300', { expire: '600' }],
    ['a malformed ts', { ts: '12345' }],
    ['a millisecond ts', { ts: String(Date.parse('2026-11-22T02:00:00Z')) }],
    [
      'a stale ts (301 s old)',
      { ts: String(Math.floor(Date.parse('2026-11-22T02:00:00Z') / 1000) - 301) },
    ],
    [
      'a ts from the future',
      { ts: String(Math.floor(Date.parse('2026-11-22T02:00:00Z') / 1000) + 301) },
    ],
    ['a header phone that differs from the body', { headerPhone: '13900000000' }],
  ])('refuses %s with 40010', async (_name, options) => {
    const response = await sendSms(app, uniquePhone(), { now: now(), ...options });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.BadSignature);
  });

  /** One signed sendSms request, sent as often as the test likes (issue 18, finding 11). */
  function signedRequest(
    phone: string,
    options: { phonecode?: string; signPhonecode?: string | null; ip?: string } = {},
  ) {
    const fields = {
      userAgent: 'Mozilla/5.0 (replay)',
      ts: String(Math.floor(now().getTime() / 1000)),
      expire: String(SMS_SIGN_EXPIRE),
      netIp: '',
      clientType: 'pcweb',
      phone,
    };
    const signPhonecode = options.signPhonecode === undefined ? '86' : options.signPhonecode;
    const signed = signPhonecode === null ? fields : { ...fields, phonecode: signPhonecode };
    const sign = createHash('md5')
      .update(smsSignPayload(signed, DEVELOPMENT_SMS_SIGN_KEY))
      .digest('hex')
      .toUpperCase();
    return () =>
      app.inject({
        method: 'POST',
        url: '/api/message/sendSms',
        headers: fields,
        payload: { phone, phonecode: options.phonecode ?? '86', sign },
        remoteAddress:
          options.ip ?? `2001:db8:5::${Math.floor(Math.random() * 0xffff).toString(16)}`,
      });
  }

  it('takes a signature once: the same request replayed 61 s later is refused', async () => {
    const send = signedRequest(uniquePhone());
    expect((await send()).statusCode).toBe(200);
    clock.advance(61);
    const replay = await send();
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: ErrorCode.BadSignature,
      msg: '请求已使用过，请重新获取验证码',
    });
  });

  it('signs the dial code: a signature cannot be re-aimed at another country', async () => {
    // Signed for 86, sent for 852 (91234567 is a valid Hong Kong number).
    const reaimed = await signedRequest('91234568', { phonecode: '852' })();
    expect(reaimed.json().code).toBe(ErrorCode.BadSignature);
    expect(
      (await signedRequest('91234568', { phonecode: '852', signPhonecode: '852' })()).statusCode,
    ).toBe(200);
    // The spec's field set, without the dial code, still works for 86 and only for 86.
    expect((await signedRequest(uniquePhone(), { signPhonecode: null })()).statusCode).toBe(200);
    const legacyAbroad = await signedRequest('7400123457', {
      phonecode: '44',
      signPhonecode: null,
    })();
    expect(legacyAbroad.json().code).toBe(ErrorCode.BadSignature);
  });

  it('accepts a ts inside the 300 s window', async () => {
    const ts = String(Math.floor(now().getTime() / 1000) - 299);
    expect((await sendSms(app, uniquePhone(), { ts })).statusCode).toBe(200);
  });

  it.each([
    ['86', '12345678901'],
    ['86', '1390000000'],
    ['86', '01012345678'],
    ['44', '13912345678'],
  ])('refuses an invalid phone for +%s (%s) with 40001', async (phonecode, phone) => {
    const response = await sendSms(app, phone, { now: now(), phonecode });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.InvalidInput });
    expect(response.json().msg).toContain('手机号');
  });

  it('accepts other regions with their own rules (+852, +44)', async () => {
    expect((await sendSms(app, '91234567', { now: now(), phonecode: '852' })).statusCode).toBe(200);
    expect((await sendSms(app, '7400123456', { now: now(), phonecode: '44' })).statusCode).toBe(
      200,
    );
  });

  it('allows one send per phone per 60 s', async () => {
    const phone = uniquePhone();
    expect((await sendSms(app, phone, { now: now() })).statusCode).toBe(200);
    clock.advance(30);
    const again = await sendSms(app, phone, { now: now() });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: ErrorCode.TooManyRequests,
      msg: '发送太频繁，请 30 秒后再试',
    });
    clock.advance(30);
    expect((await sendSms(app, phone, { now: now() })).statusCode).toBe(200);
  });

  it('caps a phone at 10 sends a day from one network and 20 from all (ADR 0013)', async () => {
    const phone = uniquePhone();
    const stranger = { ip: '198.51.100.30' };
    for (let i = 0; i < 10; i += 1) {
      expect((await sendSms(app, phone, { ...stranger, now: now() })).statusCode).toBe(200);
      clock.advance(61);
    }
    const eleventh = await sendSms(app, phone, { ...stranger, now: now() });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().msg).toContain('今日');
    // The owner learns why, and how to sign in meanwhile, when the sends run out.
    expect(eleventh.json().msg).toContain('微信或 App 扫码登录');
    // Issue 18 finding 11: a stranger's sends no longer lock the owner's own network out.
    for (let i = 0; i < 10; i += 1) {
      const owner = await sendSms(app, phone, { ip: '203.0.113.7', now: now() });
      expect(owner.statusCode, owner.body).toBe(200);
      clock.advance(61);
    }
    // Across networks the day's total stays bounded (SMS costs, harassment of the owner).
    expect((await sendSms(app, phone, { ip: '203.0.113.99', now: now() })).statusCode).toBe(429);
    clock.advance(24 * 3600);
    expect((await sendSms(app, phone, { ...stranger, now: now() })).statusCode).toBe(200);
  });

  it('answers a registered and an unregistered phone alike', async () => {
    const registered = uniquePhone();
    await signIn(app, registered, { now: now() });
    clock.advance(61);
    const a = await sendSms(app, registered, { now: now() });
    const b = await sendSms(app, uniquePhone(), { now: now() });
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
  });
});

describe('per-IP limit on codes', () => {
  it('stops one address from asking for codes for many phones', async () => {
    const app = await buildTestApp({ SMS_IP_HOURLY_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await sendSms(app, uniquePhone(), { ip: '198.51.100.9' })).statusCode).toBe(200);
      }
      const fourth = await sendSms(app, uniquePhone(), { ip: '198.51.100.9' });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe(ErrorCode.TooManyRequests);
      expect((await sendSms(app, uniquePhone(), { ip: '198.51.100.10' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('per-IP burst limit on sendSms', () => {
  it('answers 42901 past SMS_IP_MINUTE_LIMIT requests a minute', async () => {
    const app = await buildTestApp({ SMS_IP_MINUTE_LIMIT: '2' });
    try {
      const from = { ip: '198.51.100.20' };
      expect((await sendSms(app, uniquePhone(), from)).statusCode).toBe(200);
      expect((await sendSms(app, uniquePhone(), from)).statusCode).toBe(200);
      const third = await sendSms(app, uniquePhone(), from);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(ErrorCode.TooManyRequests);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/auth/loginPhone (code checks)', () => {
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp({}, { clock });
  });
  afterAll(async () => app.close());

  const sendAndRead = async (phone: string) => {
    expect((await sendSms(app, phone, { now: clock.now() })).statusCode).toBe(200);
    return latestCode(app, phone);
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('first sign-in registers the account and returns a token', async () => {
    const phone = uniquePhone();
    const response = await loginPhone(app, phone, await sendAndRead(phone));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.token).toMatch(/^[\w-]{43}$/);
  });

  it('a wrong code → 40002 with the tries left', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    const response = await loginPhone(app, phone, wrong(code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ErrorCode.SmsCodeWrong,
      msg: '验证码错误，还可尝试 4 次',
    });
  });

  it('the fifth wrong try burns the code (40004), even for the right code after it', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    for (let i = 0; i < 4; i += 1)
      expect((await loginPhone(app, phone, wrong(code))).json().code).toBe(40002);
    expect((await loginPhone(app, phone, wrong(code))).json().code).toBe(
      ErrorCode.SmsCodeTooManyAttempts,
    );
    expect((await loginPhone(app, phone, code)).json().code).toBe(ErrorCode.SmsCodeTooManyAttempts);
  });

  it("a stranger's wrong tries burn the code for their network only (ADR 0013)", async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    const stranger = '198.51.100.40';
    for (let i = 0; i < 4; i += 1)
      expect((await loginPhone(app, phone, wrong(code), {}, stranger)).json().code).toBe(40002);
    expect((await loginPhone(app, phone, wrong(code), {}, stranger)).json().code).toBe(40004);
    expect((await loginPhone(app, phone, code, {}, stranger)).json().code).toBe(40004);
    const owner = await loginPhone(app, phone, code, {}, '203.0.113.8');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('tries across all networks stop at 15, so guessing stays hopeless', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    for (const network of ['198.51.100.41', '198.51.100.42', '198.51.100.43'])
      for (let i = 0; i < 5; i += 1) await loginPhone(app, phone, wrong(code), {}, network);
    expect((await loginPhone(app, phone, code, {}, '203.0.113.9')).json().code).toBe(40004);
  });

  it('parallel guesses cannot exceed five tries', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => loginPhone(app, phone, wrong(code))),
    );
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((c) => c === 40002)).toHaveLength(4);
    expect((await loginPhone(app, phone, code)).json().code).toBe(40004);
  });

  it('an expired code (after 5 minutes) → 40003', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    clock.advance(301);
    const response = await loginPhone(app, phone, code);
    expect(response.json()).toEqual({
      code: ErrorCode.SmsCodeExpired,
      msg: '验证码已过期，请重新获取',
    });
  });

  it('a code works once', async () => {
    const phone = uniquePhone();
    const code = await sendAndRead(phone);
    expect((await loginPhone(app, phone, code)).statusCode).toBe(200);
    expect((await loginPhone(app, phone, code)).json().code).toBe(ErrorCode.SmsCodeExpired);
  });

  it('a new code replaces the previous one', async () => {
    const phone = uniquePhone();
    const first = await sendAndRead(phone);
    clock.advance(61);
    const second = await sendAndRead(phone);
    if (first !== second) expect((await loginPhone(app, phone, first)).json().code).toBe(40002);
    expect((await loginPhone(app, phone, second)).statusCode).toBe(200);
  });

  it('no code sent → 40003; malformed input → 40001', async () => {
    expect((await loginPhone(app, uniquePhone(), '123456')).json().code).toBe(
      ErrorCode.SmsCodeExpired,
    );
    const bad = await loginPhone(app, uniquePhone(), '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.InvalidInput);
  });
});

describe('per-IP limit on sign-ins', () => {
  it('answers 42901 past SIGN_IN_IP_MINUTE_LIMIT loginPhone calls a minute, right code or wrong', async () => {
    const app = await buildTestApp({ SIGN_IN_IP_MINUTE_LIMIT: '2' });
    try {
      const remoteAddress = '198.51.100.21';
      const login = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/loginPhone',
          remoteAddress,
          payload: { phone: uniquePhone(), phonecode: '86', code: '000000' },
        });
      expect((await login()).statusCode).not.toBe(429);
      expect((await login()).statusCode).not.toBe(429);
      const third = await login();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(ErrorCode.TooManyRequests);
    } finally {
      await app.close();
    }
  });
});
