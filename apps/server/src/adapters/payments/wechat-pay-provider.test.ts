import { createCipheriv, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, PaymentRejected } from './payment-provider';
import {
  decryptWechatResource,
  rsaSha256Sign,
  rsaSha256Verify,
  wechatMessage,
  WechatPayProvider,
} from './wechat-pay-provider';

/**
 * WeChat Pay v3 with keys made here: our requests' RSA-SHA256 signatures are checked by a
 * loopback fake gateway holding the merchant's public key; its answers and notifications are
 * signed with a "platform" key in the public-key mode (Wechatpay-Serial: PUB_KEY_ID_…) and
 * notification resources are AES-256-GCM encrypted with the APIv3 key. No crypto is mocked.
 */

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = keyPair();
const platform = keyPair();
const impostor = keyPair();
const API_V3_KEY = randomBytes(16).toString('hex'); // 32 characters
const PUB_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000000000';
const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const now = () => new Date();

interface Seen {
  method: string;
  path: string;
  body: string;
  signatureValid: boolean;
}
const seen: Seen[] = [];
const trades = new Map<string, { state: string; total: number }>();
let server: Server;
let provider: WechatPayProvider;

function signedHeaders(body: string, key = platform.privateKey, serial = PUB_KEY_ID) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-serial': serial,
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSha256Sign(wechatMessage([timestamp, nonce, body]), key),
  };
}

/** Checks an Authorization header as WeChat does, with the merchant's public key. */
function checkAuthorization(request: IncomingMessage, path: string, body: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
  const fields = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  if (fields.mchid !== MCH_ID || fields.serial_no !== 'MERCHANTSERIAL01') return false;
  return rsaSha256Verify(
    wechatMessage([request.method!, path, fields.timestamp!, fields.nonce_str!, body]),
    fields.signature!,
    merchant.publicKey,
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url!;
      const signatureValid = checkAuthorization(request, path, body);
      seen.push({ method: request.method!, path, body, signatureValid });
      const answer = (status: number, payload?: object) => {
        const text = payload ? JSON.stringify(payload) : '';
        response.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(text) });
        response.end(text);
      };
      if (!signatureValid) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      const json = body ? JSON.parse(body) : {};
      if (path === '/v3/pay/transactions/native') {
        trades.set(json.out_trade_no, { state: 'NOTPAY', total: json.amount.total });
        return answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
      }
      if (path === '/v3/pay/transactions/jsapi') {
        if (!json.payer?.openid)
          return answer(400, { code: 'PARAM_ERROR', message: '缺少 openid' });
        trades.set(json.out_trade_no, { state: 'NOTPAY', total: json.amount.total });
        return answer(200, { prepay_id: `wx2026112210000${json.out_trade_no.slice(-4)}` });
      }
      if (path === '/v3/pay/transactions/h5') {
        trades.set(json.out_trade_no, { state: 'NOTPAY', total: json.amount.total });
        return answer(200, {
          h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1',
        });
      }
      const query = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\?mchid=(\d+)$/);
      if (query && request.method === 'GET') {
        const trade = trades.get(query[1]!);
        if (!trade) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(200, {
          appid: APP_ID,
          mchid: MCH_ID,
          out_trade_no: query[1],
          transaction_id: '4200000000000000001',
          trade_state: trade.state,
          success_time: '2026-11-22T10:00:00+08:00',
          amount: { total: trade.total, payer_total: trade.total, currency: 'CNY' },
        });
      }
      const close = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\/close$/);
      if (close) {
        const trade = trades.get(close[1]!);
        if (trade) trade.state = 'CLOSED';
        return answer(204);
      }
      if (path === '/v3/refund/domestic/refunds') return answer(200, { status: 'PROCESSING' });
      return answer(404, { code: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  provider = new WechatPayProvider({
    mchId: MCH_ID,
    appId: APP_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: 'MERCHANTSERIAL01',
    merchantPrivateKeyPem: merchant.privateKey,
    platformPublicKeyId: PUB_KEY_ID,
    platformPublicKeyPem: platform.publicKey,
    baseUrl: `http://127.0.0.1:${port}`,
    now,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const start = (
  orderNo: string,
  device: 'desktop' | 'mobile' | 'wechat' = 'desktop',
  openId?: string,
) =>
  provider.start({
    ...(openId ? { openId } : {}),
    orderNo,
    amountFen: 9900,
    titleZh: 'Ninety VIP 月度会员',
    device,
    clientIp: '203.0.113.9',
    returnUrl: 'https://ninety.example/order/' + orderNo,
    notifyUrl: 'https://ninety.example/api/payments/notify/wechat',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });

describe('WeChat Pay v3 requests', () => {
  it('signs a Native order the gateway accepts and returns its code_url', async () => {
    expect(await start('NT20261122100000000001')).toEqual({
      kind: 'qr',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123',
    });
    const request = seen.at(-1)!;
    expect(request.signatureValid).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: 'NT20261122100000000001',
      amount: { total: 9900, currency: 'CNY' },
      notify_url: 'https://ninety.example/api/payments/notify/wechat',
    });
    expect(JSON.parse(request.body).time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  });

  it('uses H5 on phones, with the learner address and our return page', async () => {
    const answer = await start('NT20261122100000000002', 'mobile');
    expect(answer.kind).toBe('redirect');
    expect(answer.kind === 'redirect' && new URL(answer.url).searchParams.get('redirect_url')).toBe(
      'https://ninety.example/order/NT20261122100000000002',
    );
    expect(JSON.parse(seen.at(-1)!.body).scene_info).toEqual({
      payer_client_ip: '203.0.113.9',
      h5_info: { type: 'Wap' },
    });
  });

  it('inside WeChat: a JSAPI prepay for the payer openid, and bridge parameters signed by the merchant', async () => {
    const answer = await start('NT20261122100000000007', 'wechat', 'oPayer0123456789');
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ path: '/v3/pay/transactions/jsapi', signatureValid: true });
    expect(JSON.parse(request.body)).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: 'NT20261122100000000007',
      payer: { openid: 'oPayer0123456789' },
      amount: { total: 9900, currency: 'CNY' },
    });
    expect(answer.kind).toBe('jsapi');
    if (answer.kind !== 'jsapi') return;
    const { params } = answer;
    expect(params).toMatchObject({
      appId: APP_ID,
      package: 'prepay_id=wx20261122100000007',
      signType: 'RSA',
    });
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    expect(params.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    // As WeChat's client checks it: RSA-SHA256 over appId, timeStamp, nonceStr, package lines.
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(rsaSha256Verify(message, params.paySign, merchant.publicKey)).toBe(true);
    expect(rsaSha256Verify(message, params.paySign, impostor.publicKey)).toBe(false);
    expect(
      rsaSha256Verify(
        message.replace('prepay_id=wx', 'prepay_id=wy'),
        params.paySign,
        merchant.publicKey,
      ),
    ).toBe(false);
  });

  it('refuses JSAPI without the payer openid, asking no gateway', async () => {
    const before = seen.length;
    await expect(start('NT20261122100000000008', 'wechat')).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(seen).toHaveLength(before);
  });

  it('queries, closes and refunds with signed requests and verified answers', async () => {
    await start('NT20261122100000000003');
    expect(await provider.query('NT20261122100000000003')).toEqual({ state: 'unpaid' });
    trades.get('NT20261122100000000003')!.state = 'SUCCESS';
    expect(await provider.query('NT20261122100000000003')).toMatchObject({
      state: 'paid',
      transactionId: '4200000000000000001',
      amountFen: 9900,
    });
    expect(await provider.query('NT20261122100000009999')).toEqual({ state: 'unknown' });
    await start('NT20261122100000000004');
    await provider.close('NT20261122100000000004');
    expect(await provider.query('NT20261122100000000004')).toEqual({ state: 'closed' });
    expect(
      await provider.refund({
        orderNo: 'NT20261122100000000003',
        refundNo: 'RF20261122100000000003',
        refundFen: 9900,
        totalFen: 9900,
        reason: '退款',
      }),
    ).toEqual({ state: 'processing' });
    expect(seen.every((request) => request.signatureValid)).toBe(true);
  });

  it('refuses an answer not signed with the platform public key', async () => {
    const forged = new WechatPayProvider({
      mchId: MCH_ID,
      appId: APP_ID,
      apiV3Key: API_V3_KEY,
      merchantSerial: 'MERCHANTSERIAL01',
      merchantPrivateKeyPem: merchant.privateKey,
      platformPublicKeyId: PUB_KEY_ID,
      // Trusting another key: the gateway's real signatures no longer verify.
      platformPublicKeyPem: impostor.publicKey,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      now,
    });
    await expect(forged.query('NT20261122100000000003')).rejects.toBeInstanceOf(PaymentRejected);
  });
});

/** A notification as WeChat sends it: the transaction AES-GCM encrypted, the body signed. */
function notification(
  transaction: object,
  options: { key?: string; serial?: string; apiV3Key?: string; eventType?: string } = {},
) {
  const nonce = randomBytes(6).toString('hex'); // 12 characters
  const associated = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key ?? API_V3_KEY), nonce);
  cipher.setAAD(Buffer.from(associated));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(transaction)),
    cipher.final(),
    cipher.getAuthTag(),
  ]).toString('base64');
  const rawBody = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext,
      associated_data: associated,
      original_type: 'transaction',
      nonce,
    },
  });
  return { rawBody, headers: signedHeaders(rawBody, options.key, options.serial) };
}

const paidTransaction = {
  appid: APP_ID,
  mchid: MCH_ID,
  out_trade_no: 'NT20261122100000000005',
  transaction_id: '4200000000000000005',
  trade_state: 'SUCCESS',
  success_time: '2026-11-22T10:00:00+08:00',
  amount: { total: 9900, payer_total: 9900, currency: 'CNY' },
};

describe('WeChat Pay v3 notifications', () => {
  it('verifies the platform signature and decrypts the transaction', async () => {
    expect(await provider.verifyNotification(notification(paidTransaction))).toEqual({
      orderNo: 'NT20261122100000000005',
      paid: true,
      transactionId: '4200000000000000005',
      amountFen: 9900,
      paidAt: new Date('2026-11-22T02:00:00Z'),
    });
  });

  it('decrypts with the APIv3 key alone (the AES-GCM helper)', () => {
    const { rawBody } = notification({ hello: '世界' });
    expect(JSON.parse(decryptWechatResource(API_V3_KEY, JSON.parse(rawBody).resource))).toEqual({
      hello: '世界',
    });
  });

  it.each([
    ['signed by another key', notification(paidTransaction, { key: impostor.privateKey })],
    [
      'a serial that is not our public key id',
      notification(paidTransaction, { serial: 'PUB_KEY_ID_OTHER' }),
    ],
    [
      'encrypted with another APIv3 key',
      notification(paidTransaction, { apiV3Key: 'x'.repeat(32) }),
    ],
    ['for another merchant', notification({ ...paidTransaction, mchid: '1900000999' })],
    ['for another app', notification({ ...paidTransaction, appid: 'wx0000000000000000' })],
  ])('rejects a notification %s', async (_name, incoming) => {
    await expect(provider.verifyNotification(incoming)).rejects.toBeInstanceOf(PaymentRejected);
  });

  it('rejects a body changed after signing', async () => {
    const incoming = notification(paidTransaction);
    const changed = { ...incoming, rawBody: incoming.rawBody.replace('支付成功', '支付成功 ') };
    await expect(provider.verifyNotification(changed)).rejects.toBeInstanceOf(PaymentRejected);
  });

  it('rejects a replay outside the five-minute window', async () => {
    const incoming = notification(paidTransaction);
    const body = incoming.rawBody;
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const headers = {
      ...incoming.headers,
      'wechatpay-timestamp': old,
      'wechatpay-signature': rsaSha256Sign(
        wechatMessage([old, incoming.headers['wechatpay-nonce'], body]),
        platform.privateKey,
      ),
    };
    await expect(provider.verifyNotification({ rawBody: body, headers })).rejects.toBeInstanceOf(
      PaymentRejected,
    );
  });

  it('reads an event other than a success as not paid', async () => {
    const verified = await provider.verifyNotification(
      notification({ ...paidTransaction, trade_state: 'REFUND' }, { eventType: 'REFUND.SUCCESS' }),
    );
    expect(verified.paid).toBe(false);
  });
});
