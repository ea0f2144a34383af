import { createHash, randomInt } from 'node:crypto';
import { DEVELOPMENT_SMS_SIGN_KEY, SMS_SIGN_EXPIRE, smsSignPayload } from '@ninety/contract';
import { expect } from 'vitest';
import type { App } from '../src/app';

/** A valid, unique mainland mobile number per call, so tests never share accounts. */
export function uniquePhone(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface SendOptions {
  phonecode?: string;
  ts?: string;
  expire?: string;
  key?: string;
  headerPhone?: string;
  sign?: string;
  now?: Date;
  ip?: string;
}

export function sendSms(app: App, phone: string, options: SendOptions = {}) {
  const now = options.now ?? new Date();
  const fields = {
    // Unique per call: a signature is good once, and tests send alike requests in one second.
    userAgent: `Mozilla/5.0 (test ${randomInt(0, 2 ** 40)})`,
    ts: options.ts ?? String(Math.floor(now.getTime() / 1000)),
    expire: options.expire ?? String(SMS_SIGN_EXPIRE),
    netIp: '203.0.113.7',
    clientType: 'pcweb',
    phone: options.headerPhone ?? phone,
  };
  const sign =
    options.sign ??
    createHash('md5')
      .update(
        smsSignPayload(
          { ...fields, phonecode: options.phonecode ?? '86' },
          options.key ?? DEVELOPMENT_SMS_SIGN_KEY,
        ),
      )
      .digest('hex')
      .toUpperCase();
  return app.inject({
    method: 'POST',
    url: '/api/message/sendSms',
    headers: { ...fields, deviceType: 'pcweb', Serviceversion: '42' },
    payload: { phone, phonecode: options.phonecode ?? '86', sign },
    // A fresh documentation-range address per call keeps the per-IP limits out of unrelated tests.
    remoteAddress:
      options.ip ??
      `2001:db8:${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}::1`,
  });
}

export async function latestCode(app: App, phone: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  const code = response.json().data.list[0]?.code as string | undefined;
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

export function loginPhone(
  app: App,
  phone: string,
  code: string,
  headers: Record<string, string> = {},
  ip = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/loginPhone',
    headers: { clientType: 'pcweb', ...headers },
    payload: { phone, code, phonecode: '86' },
    remoteAddress: ip,
  });
}

/** Signs a new (or the given) phone in through SMS and returns its token. */
export async function signIn(
  app: App,
  phone = uniquePhone(),
  options: { now?: Date; clientType?: string } = {},
): Promise<string> {
  const sent = await sendSms(app, phone, options.now ? { now: options.now } : {});
  expect(sent.statusCode, sent.body).toBe(200);
  const response = await loginPhone(app, phone, await latestCode(app, phone), {
    clientType: options.clientType ?? 'pcweb',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

export function getUser(app: App, token?: string) {
  return app.inject({ method: 'GET', url: '/api/auth/getUser', headers: token ? { token } : {} });
}
