import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayProvider } from './alipay-provider';
import { PaymentRejected } from './payment-provider';

/**
 * Alipay through the official SDK with keys made here: our page-pay links carry an RSA2
 * signature the app's public key verifies; notifications and gateway answers are signed with an
 * "Alipay" key and verified by the SDK; a loopback fake gateway answers query, close and refund.
 */

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = keyPair();
const alipay = keyPair();
const impostor = keyPair();
const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';

const rsa2 = (text: string, key: string) =>
  createSign('RSA-SHA256').update(text).sign(key, 'base64');
/** Alipay's signing string: parameters sorted by name, `k=v` joined by `&`, empty ones left out. */
const signingString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

let server: Server;
let provider: AlipayProvider;
const gatewayCalls: Record<string, string>[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://127.0.0.1');
      const fields = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      gatewayCalls.push(fields);
      const method = fields.method!;
      const biz = JSON.parse(fields.biz_content ?? '{}');
      const answers: Record<string, object> = {
        'alipay.trade.query':
          biz.out_trade_no === 'NT20261122100000000404'
            ? { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }
            : {
                code: '10000',
                msg: 'Success',
                out_trade_no: biz.out_trade_no,
                trade_no: '2026112222001400000000000001',
                trade_status: 'TRADE_SUCCESS',
                total_amount: '99.00',
              },
        'alipay.trade.close': { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no },
        'alipay.trade.refund': {
          code: '10000',
          msg: 'Success',
          fund_change: 'Y',
          refund_fee: '99.00',
        },
      };
      const key = `${method.replace(/\./g, '_')}_response`;
      const inner = JSON.stringify(answers[method] ?? { code: '40004' });
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      response.end(`{"${key}":${inner},"sign":"${rsa2(inner, alipay.privateKey)}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider = new AlipayProvider({
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    sellerId: SELLER_ID,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const start = (device: 'desktop' | 'mobile') =>
  provider.start({
    orderNo: 'NT20261122100000000001',
    amountFen: 9900,
    titleZh: 'Ninety VIP 月度会员',
    device,
    clientIp: '203.0.113.9',
    returnUrl: 'https://ninety.example/order/NT20261122100000000001',
    notifyUrl: 'https://ninety.example/api/payments/notify/alipay',
    expiresAt: new Date('2026-11-22T02:30:00Z'),
  });

describe('Alipay page pay', () => {
  it.each([
    ['desktop', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
    ['mobile', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
  ] as const)('on %s signs %s with the app key (RSA2)', async (device, method, productCode) => {
    const answer = await start(device);
    expect(answer.kind).toBe('redirect');
    const url = new URL(answer.kind === 'redirect' ? answer.url : '');
    const fields = Object.fromEntries(url.searchParams);
    expect(fields).toMatchObject({
      app_id: APP_ID,
      method,
      sign_type: 'RSA2',
      notify_url: 'https://ninety.example/api/payments/notify/alipay',
      return_url: 'https://ninety.example/order/NT20261122100000000001',
    });
    expect(JSON.parse(fields.biz_content!)).toMatchObject({
      out_trade_no: 'NT20261122100000000001',
      total_amount: '99.00',
      product_code: productCode,
      time_expire: '2026-11-22 10:30:00',
    });
    // Request signatures cover every parameter but sign itself, sign_type included.
    const signed = Object.keys(fields)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}=${fields[key]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256').update(signed).verify(app.publicKey, fields.sign!, 'base64'),
    ).toBe(true);
  });
});

function notification(overrides: Record<string, string> = {}, key = alipay.privateKey) {
  const fields: Record<string, string> = {
    notify_time: '2026-11-22 10:00:05',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c45cf72da943',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026112222001400000000000001',
    out_trade_no: 'NT20261122100000000001',
    seller_id: SELLER_ID,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '99.00',
    subject: 'Ninety VIP 月度会员',
    gmt_payment: '2026-11-22 10:00:00',
    ...overrides,
  };
  const sign = rsa2(signingString(fields), key);
  return {
    headers: {},
    rawBody: new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString(),
  };
}

describe('Alipay notifications', () => {
  it('verifies the RSA2 signature and reads the payment', async () => {
    expect(await provider.verifyNotification(notification())).toEqual({
      orderNo: 'NT20261122100000000001',
      paid: true,
      transactionId: '2026112222001400000000000001',
      amountFen: 9900,
      paidAt: new Date('2026-11-22T02:00:00Z'),
    });
  });

  it('rejects a notification signed by another key', async () => {
    await expect(
      provider.verifyNotification(notification({}, impostor.privateKey)),
    ).rejects.toBeInstanceOf(PaymentRejected);
  });

  it('rejects a notification whose amount was changed after signing', async () => {
    const incoming = notification();
    const changed = {
      ...incoming,
      rawBody: incoming.rawBody.replace('total_amount=99.00', 'total_amount=0.01'),
    };
    await expect(provider.verifyNotification(changed)).rejects.toBeInstanceOf(PaymentRejected);
  });

  it.each([
    ['another app', { app_id: '2021000000009999' }],
    ['another seller', { seller_id: '2088000000009999' }],
  ])('rejects a correctly signed notification for %s', async (_name, overrides) => {
    await expect(provider.verifyNotification(notification(overrides))).rejects.toBeInstanceOf(
      PaymentRejected,
    );
  });

  it('reads a closed trade as not paid', async () => {
    expect(
      (await provider.verifyNotification(notification({ trade_status: 'TRADE_CLOSED' }))).paid,
    ).toBe(false);
  });
});

describe('Alipay query, close and refund', () => {
  it('asks the gateway with signed requests and verifies its signed answers', async () => {
    expect(await provider.query('NT20261122100000000001')).toEqual({
      state: 'paid',
      transactionId: '2026112222001400000000000001',
      amountFen: 9900,
      paidAt: null,
    });
    expect(await provider.query('NT20261122100000000404')).toEqual({ state: 'unknown' });
    await provider.close('NT20261122100000000001');
    expect(
      await provider.refund({
        orderNo: 'NT20261122100000000001',
        refundNo: 'RF20261122100000000001',
        refundFen: 9900,
        totalFen: 9900,
        reason: '退款',
      }),
    ).toEqual({ state: 'success' });
    for (const call of gatewayCalls) {
      const { sign, ...rest } = call;
      const signed = Object.keys(rest)
        .sort()
        .map((key) => `${key}=${rest[key]}`)
        .join('&');
      expect(createVerify('RSA-SHA256').update(signed).verify(app.publicKey, sign!, 'base64')).toBe(
        true,
      );
    }
  });

  it('refuses a gateway answer signed by another key', async () => {
    const trusting = new AlipayProvider({
      appId: APP_ID,
      privateKey: app.privateKey,
      alipayPublicKey: impostor.publicKey,
      gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    });
    await expect(trusting.query('NT20261122100000000001')).rejects.toThrow();
  });
});
