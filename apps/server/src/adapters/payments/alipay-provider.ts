import { AlipaySdk } from 'alipay-sdk';
import {
  fenToYuan,
  PaymentProviderError,
  PaymentRejected,
  yuanToFen,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentStart,
  type ProviderTrade,
  type RefundInput,
  type StartPaymentInput,
  type VerifiedNotification,
} from './payment-provider';

export interface AlipayOptions {
  appId: string;
  /** The app's RSA2 private key (PKCS8 PEM or bare base64). */
  privateKey: string;
  /** 支付宝公钥: verifies notifications and answers (RSA2). */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  gateway: string;
  /** 卖家支付宝用户号 (2088…): notifications for another seller are refused. Optional. */
  sellerId?: string | undefined;
  timeoutMs?: number;
}

/** alipay's yyyy-MM-dd HH:mm:ss in Beijing time (time_expire). */
function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Alipay through the official SDK (alipay-sdk 4): PC page pay (alipay.trade.page.pay) on desktop,
 * WAP pay on phones, RSA2 signatures both ways, query / close / refund by the OpenAPI.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly replies = {
    ok: { status: 200, contentType: 'text/plain', body: 'success' },
    fail: { status: 400, contentType: 'text/plain', body: 'fail' },
  };
  readonly sdk: AlipaySdk;

  constructor(private readonly options: AlipayOptions) {
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      gateway: options.gateway,
      signType: 'RSA2',
      keyType: 'PKCS8',
      timeout: options.timeoutMs ?? 10_000,
      camelcase: true,
    });
  }

  async start(input: StartPaymentInput): Promise<PaymentStart> {
    const wap = input.device === 'mobile';
    const url = this.sdk.pageExecute(
      wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
      'GET',
      {
        bizContent: {
          out_trade_no: input.orderNo,
          product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          total_amount: fenToYuan(input.amountFen),
          subject: input.titleZh.slice(0, 256),
          time_expire: beijingTime(input.expiresAt),
          ...(wap ? { quit_url: input.returnUrl } : {}),
        },
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
      },
    );
    return { kind: 'redirect', url };
  }

  private async exec(method: string, bizContent: object): Promise<Record<string, unknown>> {
    try {
      return (await this.sdk.exec(method, { bizContent }, { validateSign: true })) as Record<
        string,
        unknown
      >;
    } catch (error) {
      throw new PaymentProviderError(`alipay ${method} failed`, { cause: error });
    }
  }

  async query(orderNo: string): Promise<ProviderTrade> {
    const answer = await this.exec('alipay.trade.query', { out_trade_no: orderNo });
    if (answer.code !== '10000') {
      if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      throw new PaymentProviderError(
        `alipay query: ${String(answer.code)} ${String(answer.subCode)}`,
      );
    }
    const amountFen = yuanToFen(String(answer.totalAmount ?? ''));
    const transactionId = String(answer.tradeNo ?? '');
    switch (answer.tradeStatus) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return { state: 'paid', transactionId, amountFen, paidAt: null };
      case 'TRADE_CLOSED':
        // Closed after a full refund too; the order's own state tells which.
        return { state: 'closed' };
      default:
        return { state: 'unpaid' };
    }
  }

  async close(orderNo: string): Promise<void> {
    const answer = await this.exec('alipay.trade.close', { out_trade_no: orderNo });
    // A trade the learner never opened does not exist at Alipay: nothing to close.
    if (answer.code !== '10000' && answer.subCode !== 'ACQ.TRADE_NOT_EXIST') {
      throw new PaymentProviderError(
        `alipay close: ${String(answer.code)} ${String(answer.subCode)}`,
      );
    }
  }

  async refund(input: RefundInput): Promise<{ state: 'success' | 'processing' }> {
    const answer = await this.exec('alipay.trade.refund', {
      out_trade_no: input.orderNo,
      out_request_no: input.refundNo,
      refund_amount: fenToYuan(input.refundFen),
      refund_reason: input.reason.slice(0, 256),
    });
    if (answer.code !== '10000') {
      throw new PaymentProviderError(
        `alipay refund: ${String(answer.code)} ${String(answer.subCode)}`,
      );
    }
    return { state: answer.fundChange === 'Y' ? 'success' : 'processing' };
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (!this.sdk.checkNotifySign(fields)) {
      throw new PaymentRejected('alipay notification signature does not verify');
    }
    if (fields.app_id !== this.options.appId) {
      throw new PaymentRejected(`alipay notification for another app (${fields.app_id})`);
    }
    if (this.options.sellerId && fields.seller_id !== this.options.sellerId) {
      throw new PaymentRejected(`alipay notification for another seller (${fields.seller_id})`);
    }
    const status = fields.trade_status;
    return {
      orderNo: fields.out_trade_no ?? '',
      paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
      transactionId: fields.trade_no ?? '',
      amountFen: yuanToFen(fields.total_amount ?? ''),
      paidAt: fields.gmt_payment ? new Date(`${fields.gmt_payment.replace(' ', 'T')}+08:00`) : null,
    };
  }
}
