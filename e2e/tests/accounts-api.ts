import { createHash, randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEVELOPMENT_SMS_SIGN_KEY, SMS_SIGN_EXPIRE, smsSignPayload } from '@ninety/contract';

/** A unique, valid mainland mobile number, so journeys never share an account. */
export function uniquePhone(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Asks the server for a code exactly as the web client does (spec §7 signature). */
export async function requestCode(request: APIRequestContext, phone: string): Promise<void> {
  const fields = {
    userAgent: 'e2e',
    ts: String(Math.floor(Date.now() / 1000)),
    expire: String(SMS_SIGN_EXPIRE),
    netIp: '',
    clientType: 'pcweb',
    phone,
  };
  const sign = createHash('md5')
    .update(smsSignPayload(fields, DEVELOPMENT_SMS_SIGN_KEY))
    .digest('hex')
    .toUpperCase();
  const response = await request.post('/api/message/sendSms', {
    headers: fields,
    data: { phone, phonecode: '86', sign },
  });
  if (!response.ok()) throw new Error(`sendSms failed: ${await response.text()}`);
}

/** The newest code the console sender delivered to this phone (development outbox). */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const response = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
    const code = (await response.json()).data.list[0]?.code as string | undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/** Signs a phone in through the API and returns its token. */
export async function signInByApi(
  request: APIRequestContext,
  phone = uniquePhone(),
  clientType = 'pcweb',
): Promise<string> {
  await requestCode(request, phone);
  const response = await request.post('/api/auth/loginPhone', {
    headers: { clientType },
    data: { phone, phonecode: '86', code: await readCode(request, phone) },
  });
  if (!response.ok()) throw new Error(`loginPhone failed: ${await response.text()}`);
  return (await response.json()).data.token as string;
}
