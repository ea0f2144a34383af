import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import {
  headerOf,
  PaymentProviderError,
  PaymentRejected,
  type IncomingNotification,
  type JsapiPayParams,
  type PaymentProvider,
  type PaymentStart,
  type ProviderTrade,
  type RefundInput,
  type StartPaymentInput,
  type VerifiedNotification,
} from './payment-provider';

export interface WechatPayOptions {
  /** 商户号 */
  mchId: string;
  /** The AppID bound to the merchant (公众号 / 网站应用). */
  appId: string;
  /** APIv3 密钥: 32 characters, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** The serial number of the merchant's API certificate (signs our requests). */
  merchantSerial: string;
  merchantPrivateKeyPem: string;
  /** 微信支付公钥 ID, `PUB_KEY_ID_…`: the Wechatpay-Serial of answers and notifications. */
  platformPublicKeyId: string;
  platformPublicKeyPem: string;
  /** https://api.mch.weixin.qq.com; tests point it at a loopback fake. */
  baseUrl: string;
  /** A notification older (or newer) than this is refused: a replay. */
  maxClockSkewSeconds?: number;
  now: () => Date;
  /** Per call, so a hung gateway cannot hold a request or a job. */
  timeoutMs?: number;
}

/** The message WeChat Pay v3 signs: each part on its own line, ending with a newline. */
export function wechatMessage(parts: readonly string[]): string {
  return parts.map((part) => `${part}\n`).join('');
}

/** RSA-SHA256 of the message, base64 (request signatures; the fake gateway's answers). */
export function rsaSha256Sign(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function rsaSha256Verify(
  message: string,
  signature: string,
  publicKey: KeyObject | string,
): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM of a notification resource: ciphertext is base64 of data plus the 16-byte tag. */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new PaymentRejected('wechat resource too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), resource.nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  try {
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PaymentRejected('wechat resource failed authenticated decryption');
  }
}

/** WeChat's RFC 3339 time with the +08:00 offset it documents. */
function rfc3339Beijing(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

/**
 * The parameters of `getBrandWCPayRequest` for a prepay id: the merchant's RSA-SHA256 over
 * appId, timeStamp, nonceStr and package, each on its own line (WeChat Pay v3's JSAPI 调起支付签名).
 */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject | string,
  now: Date,
): JsapiPayParams {
  const timeStamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = randomBytes(16).toString('hex');
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSha256Sign(wechatMessage([appId, timeStamp, nonceStr, pkg]), privateKey),
  };
}

/**
 * WeChat Pay APIv3 on node:crypto: RSA-SHA256 signed requests, answers and notifications checked
 * in the platform public-key mode (Wechatpay-Serial: PUB_KEY_ID_…, which merchants registered
 * since late 2024 must use), AES-256-GCM notification resources. Native (QR code_url) on desktop,
 * H5 on phones, JSAPI inside WeChat's own browser (the payer's openid from web authorisation).
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly replies = {
    ok: {
      status: 200,
      contentType: 'application/json',
      body: '{"code":"SUCCESS","message":"成功"}',
    },
    fail: {
      status: 400,
      contentType: 'application/json',
      body: '{"code":"FAIL","message":"失败"}',
    },
  };
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(private readonly options: WechatPayOptions) {
    if (Buffer.byteLength(options.apiV3Key, 'utf8') !== 32) {
      throw new Error('WECHAT_PAY_API_V3_KEY must be 32 bytes');
    }
    this.privateKey = createPrivateKey(options.merchantPrivateKeyPem);
    this.platformKey = createPublicKey(options.platformPublicKeyPem);
  }

  /** The Authorization header of a request (exported for the tests' fake gateway to check). */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.options.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSha256Sign(
      wechatMessage([method, pathWithQuery, timestamp, nonce, body]),
      this.privateKey,
    );
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.options.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.options.merchantSerial}"`
    );
  }

  /** Checks the platform signature of an answer or notification; throws when it is not WeChat's. */
  private verifySigned(headers: IncomingNotification['headers'], body: string): void {
    const serial = headerOf(headers, 'wechatpay-serial');
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    if (!serial || !timestamp || !nonce || !signature) {
      throw new PaymentRejected('wechat signature headers missing');
    }
    if (serial !== this.options.platformPublicKeyId) {
      throw new PaymentRejected(`wechat serial ${serial} is not our platform public key`);
    }
    const skew = Math.abs(this.options.now().getTime() / 1000 - Number(timestamp));
    if (!Number.isFinite(skew) || skew > (this.options.maxClockSkewSeconds ?? 300)) {
      throw new PaymentRejected('wechat timestamp outside the allowed window');
    }
    if (!rsaSha256Verify(wechatMessage([timestamp, nonce, body]), signature, this.platformKey)) {
      throw new PaymentRejected('wechat signature does not verify');
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<T | null> {
    const body = payload ? JSON.stringify(payload) : '';
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'ninety-pay/1',
          authorization: this.authorization(method, path, body),
        },
        ...(payload ? { body } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderError('wechat pay unreachable', { cause: error });
    }
    const text = await response.text();
    if (response.status === 204) return null;
    const headers = Object.fromEntries(response.headers.entries());
    if (response.status === 404) return null;
    if (!response.ok) {
      throw new PaymentProviderError(
        `wechat pay ${method} ${path}: ${response.status} ${text.slice(0, 300)}`,
      );
    }
    // An answer not signed by the platform key is not WeChat's: refuse to act on it.
    this.verifySigned(headers, text);
    return JSON.parse(text) as T;
  }

  async start(input: StartPaymentInput): Promise<PaymentStart> {
    const common = {
      appid: this.options.appId,
      mchid: this.options.mchId,
      description: input.titleZh.slice(0, 127),
      out_trade_no: input.orderNo,
      time_expire: rfc3339Beijing(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    if (input.device === 'wechat') {
      // The openid must be of this AppID: the official account that the web authorisation used.
      if (!input.openId) throw new PaymentProviderError('wechat jsapi without the payer openid');
      const answer = await this.call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
        ...common,
        payer: { openid: input.openId },
      });
      if (!answer?.prepay_id)
        throw new PaymentProviderError('wechat jsapi answer without prepay_id');
      return {
        kind: 'jsapi',
        params: jsapiPayParams(
          this.options.appId,
          answer.prepay_id,
          this.privateKey,
          this.options.now(),
        ),
      };
    }
    if (input.device === 'mobile') {
      const answer = await this.call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
      });
      if (!answer?.h5_url) throw new PaymentProviderError('wechat h5 answer without h5_url');
      const url = new URL(answer.h5_url);
      url.searchParams.set('redirect_url', input.returnUrl);
      return { kind: 'redirect', url: url.toString() };
    }
    const answer = await this.call<{ code_url?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      common,
    );
    if (!answer?.code_url) throw new PaymentProviderError('wechat native answer without code_url');
    return { kind: 'qr', codeUrl: answer.code_url };
  }

  async query(orderNo: string): Promise<ProviderTrade> {
    const trade = await this.call<WechatTransaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.options.mchId)}`,
    );
    if (!trade) return { state: 'unknown' };
    this.checkMerchant(trade);
    if (trade.out_trade_no !== orderNo) throw new PaymentRejected('wechat answered another order');
    switch (trade.trade_state) {
      case 'SUCCESS':
        return {
          state: 'paid',
          transactionId: trade.transaction_id ?? '',
          amountFen: trade.amount?.total ?? Number.NaN,
          paidAt: trade.success_time ? new Date(trade.success_time) : null,
        };
      case 'REFUND':
        return {
          state: 'refunded',
          transactionId: trade.transaction_id ?? '',
          amountFen: trade.amount?.total ?? Number.NaN,
        };
      case 'CLOSED':
      case 'REVOKED':
        return { state: 'closed' };
      default:
        // NOTPAY, USERPAYING, PAYERROR: not paid (yet).
        return { state: 'unpaid' };
    }
  }

  async close(orderNo: string): Promise<void> {
    await this.call(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
      {
        mchid: this.options.mchId,
      },
    );
  }

  async refund(input: RefundInput): Promise<{ state: 'success' | 'processing' }> {
    const answer = await this.call<{ status?: string }>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.orderNo,
      out_refund_no: input.refundNo,
      reason: input.reason.slice(0, 80),
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    if (answer?.status === 'SUCCESS') return { state: 'success' };
    if (answer?.status === 'PROCESSING') return { state: 'processing' };
    throw new PaymentProviderError(`wechat refund status ${answer?.status ?? 'missing'}`);
  }

  private checkMerchant(trade: WechatTransaction): void {
    if (trade.mchid !== this.options.mchId || trade.appid !== this.options.appId) {
      throw new PaymentRejected(`wechat trade of another merchant (${trade.mchid}/${trade.appid})`);
    }
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    this.verifySigned(notification.headers, notification.rawBody);
    let event: {
      event_type?: string;
      resource?: {
        algorithm?: string;
        ciphertext: string;
        nonce: string;
        associated_data?: string;
      };
    };
    try {
      event = JSON.parse(notification.rawBody);
    } catch {
      throw new PaymentRejected('wechat notification is not JSON');
    }
    if (!event.resource || event.resource.algorithm !== 'AEAD_AES_256_GCM') {
      throw new PaymentRejected('wechat notification without an AES-GCM resource');
    }
    const trade = JSON.parse(
      decryptWechatResource(this.options.apiV3Key, event.resource),
    ) as WechatTransaction;
    this.checkMerchant(trade);
    return {
      orderNo: trade.out_trade_no ?? '',
      paid: event.event_type === 'TRANSACTION.SUCCESS' && trade.trade_state === 'SUCCESS',
      transactionId: trade.transaction_id ?? '',
      amountFen: trade.amount?.total ?? Number.NaN,
      paidAt: trade.success_time ? new Date(trade.success_time) : null,
    };
  }
}
