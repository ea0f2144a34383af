import { DEVELOPMENT_SMS_SIGN_KEY, smsSignPayload } from '@ninety/contract';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, ok } from '../../../testing/stub-api';
import { sendSms, signSms, smsSignFields, smsSignKey } from './send-sms';

const userAgent = 'Mozilla/5.0 (test)';

describe('the sendSms signature (spec §7)', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    return () => vi.restoreAllMocks();
  });

  it('signs the six header fields with ts in seconds and expire 300', () => {
    expect(smsSignFields('13800138000', 1_700_000_000_999)).toEqual({
      userAgent,
      ts: '1700000000',
      expire: '300',
      netIp: '',
      clientType: 'pcweb',
      phone: '13800138000',
    });
  });

  it('uses the development key when the build sets none', () => {
    expect(smsSignKey()).toBe(DEVELOPMENT_SMS_SIGN_KEY);
  });

  it('is the upper-case MD5 of the sorted key=value& fields followed by the key', () => {
    const fields = smsSignFields('13800138000', 1_700_000_000_000);
    // Worked out independently: md5("clientType=pcweb&expire=300&netIp=&phone=13800138000&
    // ts=1700000000&userAgent=Mozilla/5.0 (test)&ninety-dev-sms-sign-key").
    expect(signSms(fields)).toBe('2CBDBEE5FAFED51B595A505B4E60F63B');
    expect(signSms(fields)).toBe(
      md5(smsSignPayload(fields, DEVELOPMENT_SMS_SIGN_KEY)).toUpperCase(),
    );
    expect(signSms(fields, 'another-key')).not.toBe(signSms(fields));
  });

  it('sends phone, phonecode and sign in the body and the signed fields as headers', async () => {
    const api = stubApi({ 'POST /api/message/sendSms': ok({ resendAfter: 60 }) });
    await expect(
      sendSms({ phone: '13800138000', phonecode: '86' }, 1_700_000_000_000),
    ).resolves.toEqual({ resendAfter: 60 });

    const [request] = api.requestsTo('POST /api/message/sendSms');
    // The dial code is signed with the header fields (ADR 0013).
    const signed = { ...smsSignFields('13800138000', 1_700_000_000_000), phonecode: '86' };
    expect(request?.body).toEqual({
      phone: '13800138000',
      phonecode: '86',
      sign: md5(smsSignPayload(signed, DEVELOPMENT_SMS_SIGN_KEY)).toUpperCase(),
    });
    expect(request?.body).not.toMatchObject({ sign: '2CBDBEE5FAFED51B595A505B4E60F63B' });
    expect(request?.headers).toMatchObject({
      userAgent,
      ts: '1700000000',
      expire: '300',
      netIp: '',
      clientType: 'pcweb',
      phone: '13800138000',
      deviceType: 'pcweb',
      Serviceversion: '42',
    });
  });

  it('signs and sends netIp as the server sees it (spec §3: it was always empty)', async () => {
    const api = stubApi({
      'GET /api/message/netIp': ok({ netIp: '203.0.113.7' }),
      'POST /api/message/sendSms': ok({ resendAfter: 60 }),
    });
    await sendSms({ phone: '13800138000', phonecode: '86' }, 1_700_000_000_000);
    const [request] = api.requestsTo('POST /api/message/sendSms');
    expect(request?.headers).toMatchObject({ netIp: '203.0.113.7' });
    const signed = {
      ...smsSignFields('13800138000', 1_700_000_000_000, '203.0.113.7'),
      phonecode: '86',
    };
    expect(request?.body).toMatchObject({
      sign: md5(smsSignPayload(signed, DEVELOPMENT_SMS_SIGN_KEY)).toUpperCase(),
    });
  });
});
