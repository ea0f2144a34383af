import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  headerOf,
  PaymentProviderError,
  PaymentRejected,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentStart,
  type ProviderTrade,
  type RefundInput,
  type StartPaymentInput,
  type VerifiedNotification,
} from './payment-provider';

/** What the simulated gateway remembers of a payment (kept in the database by its owner). */
export interface SandboxEntry {
  state: 'paid' | 'failed' | 'closed';
  transactionId: string;
  amountFen: number;
  refundedFen: number;
}

export interface SandboxLedger {
  find(orderNo: string): Promise<SandboxEntry | null>;
  /** Writes the entry unless the order is paid there already (a paid payment stays paid). */
  record(orderNo: string, entry: Omit<SandboxEntry, 'refundedFen'>): Promise<SandboxEntry>;
  addRefund(orderNo: string, fen: number): Promise<void>;
}

/** The learner's choice on the sandbox page. `late`: paid, but the notification comes later. */
export type SandboxAction = 'pay' | 'late' | 'fail' | 'cancel';
export const SANDBOX_ACTIONS: readonly SandboxAction[] = ['pay', 'late', 'fail', 'cancel'];

/** The payment the sandbox page shows, signed by us so the page cannot be made to pay less. */
export interface SandboxTicket {
  orderNo: string;
  amountFen: number;
  titleZh: string;
  returnUrl: string;
  expiresAt: number;
}

export interface SandboxOutcome {
  /** Where the learner goes next (our return page, with the result). */
  redirect: string;
  /** The notification the gateway sends, and after how many seconds (0 = now). */
  notification: IncomingNotification | null;
  notifyAfterSeconds: number;
}

const SIGNATURE_HEADER = 'x-sandbox-signature';
/** The sandbox's AppID in JSAPI parameters (a real one starts with `wx`). */
export const SANDBOX_APP_ID = 'sandbox';
const PREPAY_PREFIX = 'prepay_id=';

/**
 * The default provider: a page of our own that simulates the gateway (pay, cancel, fail, and a
 * payment whose notification arrives late), with notifications signed like a real provider's so
 * the same verification path runs. Never to be enabled in production (config.ts refuses it).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  // Ours to choose: the API's own envelope, like every other answer of the server.
  readonly replies = {
    ok: { status: 200, contentType: 'application/json', body: '{"data":{"received":true}}' },
    fail: {
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 40010, msg: '支付通知无效' }),
    },
  };

  constructor(
    private readonly options: {
      baseUrl: string;
      secret: string;
      ledger: SandboxLedger;
      lateNotifySeconds: number;
      now: () => Date;
    },
  ) {}

  private sign(text: string): string {
    return createHmac('sha256', `sandbox-pay:${this.options.secret}`)
      .update(text)
      .digest('base64url');
  }

  private checkSignature(text: string, signature: string | undefined): boolean {
    if (!signature) return false;
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async start(input: StartPaymentInput): Promise<PaymentStart> {
    const ticket: SandboxTicket = {
      orderNo: input.orderNo,
      amountFen: input.amountFen,
      titleZh: input.titleZh,
      returnUrl: input.returnUrl,
      expiresAt: input.expiresAt.getTime(),
    };
    const encoded = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    if (input.device === 'wechat') {
      // As WeChat Pay: JSAPI needs the payer's openid (from the web authorisation's local default).
      if (!input.openId) throw new PaymentProviderError('sandbox jsapi without the payer openid');
      const timeStamp = String(Math.floor(this.options.now().getTime() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `${PREPAY_PREFIX}${encoded}.${this.sign(encoded)}`;
      return {
        kind: 'jsapi',
        params: {
          appId: SANDBOX_APP_ID,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          // Ours, not RSA: the sandbox's bridge stand-in checks it with the same secret.
          paySign: this.sign([SANDBOX_APP_ID, timeStamp, nonceStr, pkg].join('\n')),
        },
      };
    }
    const url = new URL(`${this.options.baseUrl}/api/payments/sandbox/checkout`);
    url.searchParams.set('ticket', encoded);
    url.searchParams.set('sig', this.sign(encoded));
    return { kind: 'redirect', url: url.toString() };
  }

  /** The ticket of the sandbox page's link, or null when it was altered. */
  readTicket(encoded: string, signature: string): SandboxTicket | null {
    if (encoded.length > 4000 || !this.checkSignature(encoded, signature)) return null;
    try {
      return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SandboxTicket;
    } catch {
      return null;
    }
  }

  /**
   * The ticket inside JSAPI parameters this provider made (the bridge stand-in sends back the
   * package and paySign as the page received them), or null when either was altered.
   */
  readJsapiTicket(params: {
    appId: string;
    timeStamp: string;
    nonceStr: string;
    package: string;
    paySign: string;
  }): SandboxTicket | null {
    const message = [params.appId, params.timeStamp, params.nonceStr, params.package].join('\n');
    if (params.appId !== SANDBOX_APP_ID || !this.checkSignature(message, params.paySign))
      return null;
    if (!params.package.startsWith(PREPAY_PREFIX)) return null;
    const [encoded = '', signature = ''] = params.package.slice(PREPAY_PREFIX.length).split('.');
    return this.readTicket(encoded, signature);
  }

  /** What the gateway does when the learner presses a button of the sandbox page. */
  async act(ticket: SandboxTicket, action: SandboxAction): Promise<SandboxOutcome> {
    const back = (result: string) => {
      const url = new URL(ticket.returnUrl);
      url.searchParams.set('result', result);
      return url.toString();
    };
    const current = await this.options.ledger.find(ticket.orderNo);
    if (current?.state === 'closed' || ticket.expiresAt <= this.options.now().getTime()) {
      return { redirect: back('closed'), notification: null, notifyAfterSeconds: 0 };
    }
    if (action === 'cancel') {
      return { redirect: back('cancel'), notification: null, notifyAfterSeconds: 0 };
    }
    if (action === 'fail') {
      if (current?.state !== 'paid') {
        await this.options.ledger.record(ticket.orderNo, {
          state: 'failed',
          transactionId: '',
          amountFen: ticket.amountFen,
        });
      }
      return { redirect: back('fail'), notification: null, notifyAfterSeconds: 0 };
    }
    const entry = await this.options.ledger.record(ticket.orderNo, {
      state: 'paid',
      transactionId: `SBX${Date.now()}${randomBytes(5).toString('hex')}`,
      amountFen: ticket.amountFen,
    });
    return {
      redirect: back('paid'),
      notification: this.notificationFor(ticket.orderNo, entry),
      notifyAfterSeconds: action === 'late' ? this.options.lateNotifySeconds : 0,
    };
  }

  /** A notification as the sandbox gateway sends it (tests send these too). */
  notificationFor(orderNo: string, entry: Pick<SandboxEntry, 'transactionId' | 'amountFen'>) {
    const rawBody = JSON.stringify({
      orderNo,
      transactionId: entry.transactionId,
      amountFen: entry.amountFen,
      status: 'paid',
      paidAt: this.options.now().toISOString(),
    });
    return { headers: { [SIGNATURE_HEADER]: this.sign(rawBody) }, rawBody };
  }

  async query(orderNo: string): Promise<ProviderTrade> {
    const entry = await this.options.ledger.find(orderNo);
    if (!entry) return { state: 'unknown' };
    if (entry.state === 'closed') return { state: 'closed' };
    if (entry.state === 'failed') return { state: 'unpaid' };
    if (entry.refundedFen > 0) {
      return { state: 'refunded', transactionId: entry.transactionId, amountFen: entry.amountFen };
    }
    return {
      state: 'paid',
      transactionId: entry.transactionId,
      amountFen: entry.amountFen,
      paidAt: null,
    };
  }

  async close(orderNo: string): Promise<void> {
    await this.options.ledger.record(orderNo, { state: 'closed', transactionId: '', amountFen: 0 });
  }

  async refund(input: RefundInput): Promise<{ state: 'success' }> {
    const entry = await this.options.ledger.find(input.orderNo);
    if (entry?.state !== 'paid' || entry.refundedFen + input.refundFen > entry.amountFen) {
      throw new PaymentRejected('sandbox refund of an order that is not paid, or too much');
    }
    await this.options.ledger.addRefund(input.orderNo, input.refundFen);
    return { state: 'success' };
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const signature = headerOf(notification.headers, SIGNATURE_HEADER);
    if (!this.checkSignature(notification.rawBody, signature)) {
      throw new PaymentRejected('sandbox notification signature does not match');
    }
    const body = JSON.parse(notification.rawBody) as Record<string, unknown>;
    if (
      typeof body.orderNo !== 'string' ||
      typeof body.transactionId !== 'string' ||
      typeof body.amountFen !== 'number' ||
      typeof body.paidAt !== 'string'
    ) {
      throw new PaymentRejected('sandbox notification is missing fields');
    }
    return {
      orderNo: body.orderNo,
      paid: body.status === 'paid',
      transactionId: body.transactionId,
      amountFen: body.amountFen,
      paidAt: new Date(body.paidAt),
    };
  }
}
