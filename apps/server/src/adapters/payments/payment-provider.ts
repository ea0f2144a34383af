/**
 * A payment provider (sandbox, WeChat Pay v3, Alipay) as the orders module sees it. Amounts are
 * in fen (分) throughout; each provider converts to its own wire format.
 */
import type { JsapiPayParams } from '@ninety/contract';

export type PaymentProviderName = 'sandbox' | 'wechat' | 'alipay';

export const PAYMENT_PROVIDER_NAMES: readonly PaymentProviderName[] = [
  'sandbox',
  'wechat',
  'alipay',
];

/**
 * Where the learner pays: a desktop browser (QR / PC page), a phone browser (H5 / WAP), or
 * WeChat's own browser (JSAPI: WeChat does not open H5 pay links, or Alipay, inside itself).
 */
export type PayDevice = 'desktop' | 'mobile' | 'wechat';

export interface StartPaymentInput {
  orderNo: string;
  amountFen: number;
  titleZh: string;
  device: PayDevice;
  /** The learner's address (WeChat H5 requires it). */
  clientIp: string;
  /** Our page the learner comes back to (page pay, WAP, H5, sandbox). */
  returnUrl: string;
  /** Our notification endpoint for this provider. */
  notifyUrl: string;
  /** The provider stops taking the payment at this time too. */
  expiresAt: Date;
  /** The payer's openid under the pay AppID (device `wechat`: JSAPI needs it). */
  openId?: string;
}

export type { JsapiPayParams };

/** What the payment window does next: go to the provider's page, or show a QR code to scan. */
export type PaymentStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; codeUrl: string }
  /** Inside WeChat: the page calls the bridge with these and then asks us (never trusts it). */
  | { kind: 'jsapi'; params: JsapiPayParams };

/** The provider's word on one of our orders. */
export type ProviderTrade =
  | { state: 'paid'; transactionId: string; amountFen: number; paidAt: Date | null }
  | { state: 'unpaid' }
  | { state: 'closed' }
  | { state: 'refunded'; transactionId: string; amountFen: number }
  /** The provider has never heard of it (the learner never reached its page). */
  | { state: 'unknown' };

/** A notification whose signature, merchant and payload have been checked. */
export interface VerifiedNotification {
  orderNo: string;
  /** Only a payment success is acted on; anything else is acknowledged and ignored. */
  paid: boolean;
  transactionId: string;
  amountFen: number;
  paidAt: Date | null;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: string;
}

/** The HTTP answer a provider expects, for success and failure. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundInput {
  orderNo: string;
  refundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  start(input: StartPaymentInput): Promise<PaymentStart>;
  /** Active query: asks the provider what became of the order. */
  query(orderNo: string): Promise<ProviderTrade>;
  /** Stops the provider taking a payment for the order (it expired or was cancelled). */
  close(orderNo: string): Promise<void>;
  refund(input: RefundInput): Promise<{ state: 'success' | 'processing' }>;
  /** Checks a notification's signature and merchant; throws PaymentRejected when it is not ours. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  readonly replies: { ok: NotificationReply; fail: NotificationReply };
}

/** A notification or answer that failed a check: logged and refused, never acted on. */
export class PaymentRejected extends Error {
  override name = 'PaymentRejected';
}

/** The provider could not be reached or answered with an error. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** 12345 fen → "123.45" (Alipay's yuan strings). */
export function fenToYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** "123.45" → 12345; NaN for anything that is not a plain yuan amount. */
export function yuanToFen(yuan: string): number {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(yuan)) return Number.NaN;
  const [whole = '0', part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** A header's single value (Node gives arrays for repeated headers). */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
