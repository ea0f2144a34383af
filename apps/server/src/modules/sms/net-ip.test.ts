import { createHash } from 'node:crypto';
import { DEVELOPMENT_SMS_SIGN_KEY, SMS_SIGN_EXPIRE, smsSignPayload } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { latestCode, uniquePhone } from '../../../test/accounts';
import { buildTestApp } from '../../../test/test-app';

/** Spec §3: the SMS signature's netIp is the client's address, as the server sees it. */
describe('GET /api/message/netIp and a sendSms signed with it', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ SMS_IP_HOURLY_LIMIT: '1000', SMS_IP_MINUTE_LIMIT: '1000' });
  });
  afterAll(async () => app.close());

  it("answers the client's address, never cached", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/message/netIp',
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { netIp: '203.0.113.9' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a code signed with that netIp is sent: the signature stays valid', async () => {
    const phone = uniquePhone();
    const netIp = '203.0.113.10';
    const fields = {
      userAgent: 'Mozilla/5.0 (net-ip)',
      ts: String(Math.floor(Date.now() / 1000)),
      expire: String(SMS_SIGN_EXPIRE),
      netIp,
      clientType: 'pcweb',
      phone,
    };
    const sign = createHash('md5')
      .update(smsSignPayload({ ...fields, phonecode: '86' }, DEVELOPMENT_SMS_SIGN_KEY))
      .digest('hex')
      .toUpperCase();
    const response = await app.inject({
      method: 'POST',
      url: '/api/message/sendSms',
      headers: fields,
      payload: { phone, phonecode: '86', sign },
      remoteAddress: netIp,
    });
    expect(response.statusCode).toBe(200);
    expect(await latestCode(app, phone)).toMatch(/^\d{6}$/);
  });
});
