import { randomInt } from 'node:crypto';
import { ErrorCode, type CreateOrderBody, type Order, type PayOrderBody } from '@ninety/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  PaymentRejected,
  type IncomingNotification,
  type NotificationReply,
  type PaymentProvider,
  type PaymentProviderName,
  type PaymentStart,
  type ProviderTrade,
} from '../../adapters/payments/payment-provider';
import { createPaymentProviders } from '../../adapters/payments/create-payment-providers';
import type { WechatProvider } from '../../adapters/wechat/wechat-provider';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { extendMembership, lockUserForDeletion } from '../users/users.service';
import { isPayable, movableFrom, type OrderStatus } from './order-state';
import { toOrder } from './orders.mapper';
import {
  claimQuery,
  findOpenOrder,
  findOrder,
  insertOrder,
  deleteVipGrant,
  insertVipGrant,
  listOrdersOfUser,
  listVipGrants,
  moveOrder,
  ordersForJob,
  sandboxLedger,
  setProvider,
  setVipGrantEnd,
  type OrderRow,
} from './orders.repository';
import type { ProductCatalogue, ProductKind } from './product-catalogue';

export type { OrderRow };

export interface VipPlanConfig {
  id: string;
  titleZh: string;
  days: number;
  amountFen: number;
}

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  products: ProductCatalogue;
  /** The providers in use, the first being the payment window's default. */
  providers: ReadonlyMap<PaymentProviderName, PaymentProvider>;
  expireMinutes: number;
  /** Our public origin: return pages and notification URLs are built on it. */
  baseUrl: string;
  /** WeChat web authorisation: the payer's openid for JSAPI inside WeChat's browser. */
  wechat: Pick<WechatProvider, 'name' | 'oauthAuthorizeUrl' | 'openIdFromCode'>;
}

/** The fewest seconds between two questions to a provider about one order. */
export const QUERY_MIN_SECONDS = 3;
/** A `paying` order the reconcile job leaves alone for this long after the learner left for the provider. */
const RECONCILE_AFTER_SECONDS = 60;
const JOB_BATCH = 50;

/** The VIP plans as a product: prices from configuration, fulfilment extends membership once per order. */
export function vipProduct(deps: {
  db: Db;
  clock: Clock;
  plans: readonly VipPlanConfig[];
}): ProductKind {
  const planOf = (id: string) => deps.plans.find((plan) => plan.id === id) ?? null;
  return {
    kind: 'vip',
    async quote(itemId) {
      const plan = planOf(itemId);
      return plan ? { titleZh: `Ninety VIP ${plan.titleZh}`, amountFen: plan.amountFen } : null;
    },
    async fulfil({ userId, itemId, orderNo }) {
      const plan = planOf(itemId);
      if (!plan) throw new Error(`VIP plan ${itemId} of order ${orderNo} is no longer configured`);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        // The grant row is the once-only claim: a second call for the order finds it and stops.
        if (
          !(await insertVipGrant(tx, { orderNo, userId, planId: plan.id, days: plan.days, now }))
        ) {
          return;
        }
        const extended = await extendMembership(tx, userId, plan.days, now);
        if (!extended) throw new Error(`user ${userId} of order ${orderNo} is gone`);
        if (extended.memberExpiresAt) await setVipGrantEnd(tx, orderNo, extended.memberExpiresAt);
      });
    },
    async revoke({ userId, orderNo }, tx) {
      // The user's row first: a grant of another order made meanwhile waits for this one.
      if (!(await lockUserForDeletion(tx, userId))) return;
      const grants = await listVipGrants(tx, userId);
      const at = grants.findIndex((grant) => grant.orderNo === orderNo);
      if (at < 0) return;
      // Where the first grant started: the end its own `from` + days reached, less its days.
      const base = grants[0]!.memberUntil.getTime() - grants[0]!.days * DAY_MS;
      const remaining = grants.filter((_, index) => index !== at);
      const withIt = replayGrants(base, grants);
      const without = replayGrants(base, remaining);
      await deleteVipGrant(tx, orderNo);
      for (const [index, grant] of remaining.entries()) {
        await setVipGrantEnd(tx, grant.orderNo, new Date(without.ends[index]!));
      }
      // What this order added to the chain (less than its days when a later grant would have
      // started after a lapse anyway); the membership's end moves back by exactly that.
      const added = withIt.end - without.end;
      if (added > 0) await extendMembership(tx, userId, -added / DAY_MS, deps.clock.now());
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * Replays VIP grants in the order they were made, from `base` (where the membership ended before
 * the first): each runs from the later of its own time and the previous end. Returns each
 * grant's end and the last.
 */
export function replayGrants(
  base: number,
  grants: readonly { createdAt: Date; days: number }[],
): { ends: number[]; end: number } {
  let end = base;
  const ends = grants.map((grant) => {
    end = Math.max(end, grant.createdAt.getTime()) + grant.days * DAY_MS;
    return end;
  });
  return { ends, end };
}

/** NT + Beijing date-time + 8 random digits: unique, sortable, and within every provider's rules. */
function newOrderNo(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 3_600_000)
    .toISOString()
    .replace(/\D/g, '')
    .slice(0, 14);
  return `NT${beijing}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function providerOf(deps: OrdersDeps, name: string | null): PaymentProvider | null {
  return name ? (deps.providers.get(name as PaymentProviderName) ?? null) : null;
}

/**
 * Makes an order at the server's price. A learner who already has an open order for the same
 * thing (a double click, a second window, a window closed early) gets that order back.
 */
export async function createOrder(
  deps: OrdersDeps,
  userId: number,
  body: CreateOrderBody,
): Promise<OrderRow> {
  const kind = deps.products.get(body.kind);
  if (!kind) throw new AppError(ErrorCode.InvalidInput, '该商品暂不出售');
  const quote = await kind.quote(body.itemId);
  if (!quote) throw new AppError(ErrorCode.NotFound, '商品不存在或已下架');
  if (await kind.owned?.(userId, body.itemId)) {
    throw new AppError(ErrorCode.InvalidInput, '你已购买过，无需再次购买');
  }
  if (!Number.isInteger(quote.amountFen) || quote.amountFen <= 0) {
    throw new Error(`price of ${body.kind}/${body.itemId} is not a positive number of fen`);
  }
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const open = await findOpenOrder(deps.db, userId, body.kind, body.itemId);
    if (open && isPayable(open.status as OrderStatus, open.expiresAt, now)) return open;
    // An open order past its expiry that the job has not closed yet makes way for a new one.
    if (open) await closeExpired(deps, open);
    const inserted = await insertOrder(deps.db, {
      orderNo: newOrderNo(now),
      userId,
      kind: body.kind,
      itemId: body.itemId,
      titleZh: quote.titleZh,
      amountFen: quote.amountFen,
      currency: 'CNY',
      status: 'created',
      expiresAt: new Date(now.getTime() + deps.expireMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) return inserted;
    // A parallel request made the order first: the next turn finds it.
  }
  throw new AppError(ErrorCode.Unavailable, '下单失败，请稍后再试');
}

/** The learner's own order; 40401 for anyone else's, so order numbers cannot be probed. */
export async function ownOrder(
  deps: { db: Db },
  userId: number,
  orderNo: string,
): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderNo);
  if (!order || order.userId !== userId) throw new AppError(ErrorCode.NotFound, '订单不存在');
  return order;
}

export async function ordersOf(
  deps: { db: Db },
  userId: number,
  page: { page: number; perPage: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  return listOrdersOfUser(deps.db, userId, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
}

/** The payment window of an order: where providers send the learner back, and WeChat's OAuth too. */
const orderPageUrl = (deps: OrdersDeps, orderNo: string) => `${deps.baseUrl}/order/${orderNo}`;

/**
 * Inside WeChat's browser: the web authorisation that comes back to the order's payment window
 * with a code (JSAPI needs the payer's openid). Only for the learner's own payable order.
 */
export async function wechatAuthorizeUrl(
  deps: OrdersDeps,
  userId: number,
  orderNo: string,
  state: string,
): Promise<string> {
  const order = await ownOrder(deps, userId, orderNo);
  if (!isPayable(order.status as OrderStatus, order.expiresAt, deps.clock.now())) {
    throw new AppError(ErrorCode.InvalidInput, '订单已支付或已关闭，无需再次支付');
  }
  return deps.wechat.oauthAuthorizeUrl(orderPageUrl(deps, orderNo), state);
}

/** The payer's openid for JSAPI, from the web authorisation's code. */
async function payerOpenId(
  deps: OrdersDeps,
  provider: PaymentProvider,
  code: string | undefined,
): Promise<string> {
  if (provider.name === 'alipay') {
    throw new AppError(
      ErrorCode.InvalidInput,
      '微信内无法使用支付宝，请选择微信支付或在浏览器中打开',
    );
  }
  // A simulated openid means nothing to WeChat Pay: JSAPI needs the official account's sign-in.
  if (provider.name === 'wechat' && deps.wechat.name !== 'official') {
    throw new AppError(ErrorCode.InvalidInput, '微信内支付暂未开通，请在浏览器中打开本页面支付');
  }
  if (!code)
    throw new AppError(ErrorCode.InvalidInput, '需要微信授权后才能支付，请重新打开支付页面');
  try {
    return await deps.wechat.openIdFromCode(code);
  } catch (error) {
    deps.log.warn({ err: error }, 'wechat web authorisation code refused');
    throw new AppError(ErrorCode.InvalidInput, '微信授权已失效，请重新点击“去支付”');
  }
}

/** Sends the learner to pay: the provider's page or a QR code, valid until the order expires. */
export async function payOrder(
  deps: OrdersDeps,
  userId: number,
  orderNo: string,
  body: PayOrderBody,
  clientIp: string,
): Promise<PaymentStart> {
  const provider = providerOf(deps, body.provider);
  if (!provider) throw new AppError(ErrorCode.InvalidInput, '该支付方式暂未开通');
  const order = await ownOrder(deps, userId, orderNo);
  const now = deps.clock.now();
  if (!isPayable(order.status as OrderStatus, order.expiresAt, now)) {
    throw new AppError(ErrorCode.InvalidInput, '订单已支付或已关闭，无需再次支付');
  }
  const openId =
    body.device === 'wechat' ? await payerOpenId(deps, provider, body.oauthCode) : undefined;
  const previous = providerOf(deps, order.provider);
  if (previous && previous !== provider) {
    // Paying with another provider: the first must no longer take money for this order.
    const trade = await askProvider(deps, previous, order);
    if (trade?.state === 'paid') {
      await confirmPaid(deps, order, previous.name, trade);
      throw new AppError(ErrorCode.InvalidInput, '订单已支付，无需再次支付');
    }
    await previous
      .close(order.orderNo)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, orderNo }, 'closing the previous payment failed'),
      );
  }
  const updated = await setProvider(deps.db, orderNo, provider.name, now);
  if (!updated) throw new AppError(ErrorCode.InvalidInput, '订单已支付或已关闭，无需再次支付');
  try {
    return await provider.start({
      orderNo,
      amountFen: updated.amountFen,
      titleZh: updated.titleZh,
      device: body.device,
      clientIp,
      returnUrl: orderPageUrl(deps, orderNo),
      notifyUrl: `${deps.baseUrl}/api/payments/notify/${provider.name}`,
      expiresAt: updated.expiresAt,
      ...(openId ? { openId } : {}),
    });
  } catch (error) {
    deps.log.error({ err: error, orderNo, provider: provider.name }, 'starting a payment failed');
    throw new AppError(ErrorCode.Unavailable, '支付服务暂时不可用，请稍后再试或换一种支付方式');
  }
}

/** The provider's word, or null when it cannot be reached now (the next tick asks again). */
async function askProvider(
  deps: OrdersDeps,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<ProviderTrade | null> {
  try {
    return await provider.query(order.orderNo);
  } catch (error) {
    deps.log.warn(
      { err: error, orderNo: order.orderNo, provider: provider.name },
      'payment query failed',
    );
    return null;
  }
}

/**
 * The money arrived (a verified notification or an active query): the order becomes paid once,
 * and the one caller that made it so grants what was bought. Racing callers find it paid already.
 */
async function confirmPaid(
  deps: OrdersDeps,
  order: OrderRow,
  providerName: PaymentProviderName,
  trade: { transactionId: string; amountFen: number; paidAt: Date | null },
): Promise<void> {
  const now = deps.clock.now();
  const paid = await moveOrder(
    deps.db,
    order.orderNo,
    movableFrom('payment-confirmed'),
    'paid',
    {
      provider: providerName,
      providerTransactionId: trade.transactionId,
      paidAt: trade.paidAt ?? now,
    },
    now,
  );
  if (!paid) {
    const current = await findOrder(deps.db, order.orderNo);
    if (current?.providerTransactionId && current.providerTransactionId !== trade.transactionId) {
      // Two payments for one order (two providers, or paid twice): a person must refund one.
      deps.log.error(
        {
          orderNo: order.orderNo,
          kept: current.providerTransactionId,
          second: trade.transactionId,
        },
        'a second payment arrived for a paid order: refund it by hand',
      );
    }
    return;
  }
  if (order.status === 'closed') {
    deps.log.warn({ orderNo: order.orderNo }, 'payment arrived for a closed order: honoured');
  }
  await fulfil(deps, paid);
}

/** Grants what a paid order bought; a failure leaves it paid for the reconcile job to try again. */
async function fulfil(deps: OrdersDeps, order: OrderRow): Promise<void> {
  const kind = deps.products.get(order.kind);
  if (!kind || order.userId === null) {
    deps.log.error({ orderNo: order.orderNo, kind: order.kind }, 'paid order cannot be fulfilled');
    return;
  }
  try {
    await kind.fulfil({ userId: order.userId, itemId: order.itemId, orderNo: order.orderNo });
  } catch (error) {
    deps.log.error(
      { err: error, orderNo: order.orderNo },
      'fulfilment failed: will be tried again',
    );
    return;
  }
  const now = deps.clock.now();
  const moved = await moveOrder(
    deps.db,
    order.orderNo,
    movableFrom('fulfilled'),
    'fulfilled',
    { fulfilledAt: now },
    now,
  );
  if (moved) return;
  // Refunded while it was being granted (a late notification racing the refund): the refund's
  // revocation may have run before this grant, so take it back again (revoke is idempotent).
  const current = await findOrder(deps.db, order.orderNo);
  if (current?.status === 'refunded') {
    await deps.db.transaction((tx) =>
      kind.revoke({ userId: order.userId!, itemId: order.itemId, orderNo: order.orderNo }, tx),
    );
    deps.log.warn({ orderNo: order.orderNo }, 'granted after its refund: taken back');
  }
}

/** Checks a provider's notification and acts on it; the reply is what the provider expects. */
export async function handleNotification(
  deps: OrdersDeps,
  providerName: string,
  incoming: IncomingNotification,
): Promise<NotificationReply> {
  const provider = providerOf(deps, providerName);
  if (!provider) {
    deps.log.warn(
      { provider: providerName },
      'payment notification for a provider not in use: rejected',
    );
    throw new AppError(ErrorCode.NotFound, '支付方式不存在');
  }
  let verified;
  try {
    verified = await provider.verifyNotification(incoming);
  } catch (error) {
    deps.log.warn(
      { provider: providerName, reason: error instanceof Error ? error.message : String(error) },
      error instanceof PaymentRejected
        ? 'payment notification rejected'
        : 'payment notification unreadable',
    );
    return provider.replies.fail;
  }
  const order = await findOrder(deps.db, verified.orderNo);
  if (!order) {
    deps.log.warn(
      { provider: providerName, orderNo: verified.orderNo },
      'payment notification for an unknown order: rejected',
    );
    return provider.replies.fail;
  }
  if (verified.amountFen !== order.amountFen) {
    deps.log.warn(
      {
        provider: providerName,
        orderNo: order.orderNo,
        notified: verified.amountFen,
        expected: order.amountFen,
      },
      'payment notification with a wrong amount: rejected',
    );
    return provider.replies.fail;
  }
  if (verified.paid) await confirmPaid(deps, order, provider.name, verified);
  return provider.replies.ok;
}

/**
 * Active query: asks the order's provider whether it was paid (at most once per QUERY_MIN_SECONDS
 * per order). The answer to "付款了但订单一直待支付" when a notification is lost or late.
 */
export async function queryOrder(deps: OrdersDeps, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'created' && order.status !== 'paying') return order;
  const provider = providerOf(deps, order.provider);
  if (!provider) return order;
  if (!(await claimQuery(deps.db, order.orderNo, deps.clock.now(), QUERY_MIN_SECONDS)))
    return order;
  const trade = await askProvider(deps, provider, order);
  if (trade?.state === 'paid') {
    if (trade.amountFen !== order.amountFen) {
      deps.log.error(
        { orderNo: order.orderNo, queried: trade.amountFen, expected: order.amountFen },
        'provider reports a payment of a wrong amount: not fulfilled',
      );
    } else {
      await confirmPaid(deps, order, provider.name, trade);
    }
  }
  return (await findOrder(deps.db, order.orderNo)) ?? order;
}

/** Closes an unpaid order (expired, or cancelled by its learner) unless the provider says it was paid. */
async function closeExpired(deps: OrdersDeps, order: OrderRow): Promise<void> {
  const provider = providerOf(deps, order.provider);
  if (provider) {
    const trade = await askProvider(deps, provider, order);
    if (trade === null) return;
    if (trade.state === 'paid') {
      await confirmPaid(deps, order, provider.name, trade);
      return;
    }
    try {
      await provider.close(order.orderNo);
    } catch (error) {
      deps.log.warn(
        { err: error, orderNo: order.orderNo },
        'closing at the provider failed: next tick',
      );
      return;
    }
  }
  const now = deps.clock.now();
  await moveOrder(deps.db, order.orderNo, movableFrom('close'), 'closed', { closedAt: now }, now);
}

/** The learner gives up an unpaid order (it would close at its expiry anyway). */
export async function cancelOrder(
  deps: OrdersDeps,
  userId: number,
  orderNo: string,
): Promise<OrderRow> {
  const order = await ownOrder(deps, userId, orderNo);
  if (order.status === 'created' || order.status === 'paying') await closeExpired(deps, order);
  return (await findOrder(deps.db, orderNo)) ?? order;
}

/** Periodic: closes unpaid orders past their expiry (asking the provider first). */
export async function closeExpiredOrders(deps: OrdersDeps): Promise<{ closed: number }> {
  const expired = await ordersForJob(deps.db, 'expired', deps.clock.now(), JOB_BATCH);
  for (const order of expired) await closeExpired(deps, order);
  return { closed: expired.length };
}

/**
 * Periodic: asks the providers about orders sent to pay and not heard of, and fulfils paid
 * orders whose fulfilment failed.
 */
export async function reconcileOrders(
  deps: OrdersDeps,
): Promise<{ queried: number; fulfilled: number }> {
  const before = new Date(deps.clock.now().getTime() - RECONCILE_AFTER_SECONDS * 1000);
  const paying = await ordersForJob(deps.db, 'unsettled', before, JOB_BATCH);
  for (const order of paying) await queryOrder(deps, order);
  const paid = await ordersForJob(deps.db, 'unfulfilled', before, JOB_BATCH);
  for (const order of paid) await fulfil(deps, order);
  return { queried: paying.length, fulfilled: paid.length };
}

/**
 * Refunds a paid order in full through its provider and takes back what it granted (an operator's
 * command: `npm run orders -- refund`; no self-service refunds). The provider is asked first; only
 * once it has accepted does the order become refunded, in one transaction with the revocation. A
 * second refund of the same order is refused (the provider is not asked again).
 */
export async function refundOrder(
  deps: OrdersDeps,
  orderNo: string,
  reason: string,
): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound, `订单 ${orderNo} 不存在`);
  if (order.status === 'refunded') {
    throw new AppError(
      ErrorCode.InvalidInput,
      `订单 ${orderNo} 已于 ${order.refundedAt?.toISOString() ?? '之前'} 退款（${order.refundNo ?? ''}），不能重复退款`,
    );
  }
  if (order.status !== 'paid' && order.status !== 'fulfilled') {
    throw new AppError(
      ErrorCode.InvalidInput,
      `只有已支付的订单可以退款：订单 ${orderNo} 的状态是 ${order.status}`,
    );
  }
  const kind = deps.products.get(order.kind);
  if (!kind) throw new Error(`product kind ${order.kind} of order ${orderNo} is not registered`);
  const provider = providerOf(deps, order.provider);
  if (!provider) throw new AppError(ErrorCode.Unavailable, '该订单的支付方式已停用，请人工退款');
  // The same refund number every time: a retried refund is the same refund at the provider.
  const refundNo = `RF${order.orderNo.slice(2)}`;
  try {
    await provider.refund({
      orderNo,
      refundNo,
      refundFen: order.amountFen,
      totalFen: order.amountFen,
      reason,
    });
  } catch (error) {
    deps.log.error({ err: error, orderNo, provider: provider.name }, 'refund refused or failed');
    throw new AppError(
      ErrorCode.Unavailable,
      `支付方退款失败，订单未改变：${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const now = deps.clock.now();
  const refunded = await deps.db.transaction(async (tx) => {
    const moved = await moveOrder(
      tx,
      orderNo,
      movableFrom('refund'),
      'refunded',
      { refundedAt: now, refundNo, refundReason: reason },
      now,
    );
    if (moved?.userId != null) {
      await kind.revoke({ userId: moved.userId, itemId: moved.itemId, orderNo }, tx);
    }
    return moved;
  });
  if (!refunded) {
    throw new AppError(ErrorCode.InvalidInput, `订单 ${orderNo} 已被同时退款，不能重复退款`);
  }
  deps.log.info({ orderNo, refundNo, reason }, 'order refunded and its grant taken back');
  return refunded;
}

/**
 * The sandbox's "支付成功，但通知延迟送达": the notification waits on the job queue (kept in the
 * database), so a restart or another process of the fleet still delivers it. It is signed like
 * any other notification and checked the same way when it arrives.
 */
export const SANDBOX_LATE_NOTIFICATION_QUEUE = 'sandbox-late-notification';

export interface LateNotificationJob {
  headers: Record<string, string>;
  rawBody: string;
}

/** The job: delivers the notification as the gateway would (throws to retry when it failed). */
export async function deliverLateNotification(
  deps: OrdersDeps,
  job: LateNotificationJob,
): Promise<{ status: number }> {
  const reply = await handleNotification(deps, 'sandbox', job);
  if (reply.status >= 400) throw new Error(`late sandbox notification refused: ${reply.body}`);
  return { status: reply.status };
}

const depsByContext = new WeakMap<AppContext, OrdersDeps>();

/**
 * The orders module's dependencies from the app context, built once per app (the providers hold
 * keys and, for the sandbox, its ledger). Registers the VIP product here, so a process that only
 * runs jobs (worker.ts) can fulfil VIP orders too.
 */
export function ordersDeps(context: AppContext): OrdersDeps {
  const known = depsByContext.get(context);
  if (known) return known;
  if (!context.products.get('vip')) {
    context.products.register(
      vipProduct({ db: context.db, clock: context.clock, plans: context.config.VIP_PLANS }),
    );
  }
  const deps: OrdersDeps = {
    db: context.db,
    clock: context.clock,
    log: context.log,
    products: context.products,
    providers: createPaymentProviders(context.config, context.clock, sandboxLedger(context.db)),
    expireMinutes: context.config.ORDER_EXPIRE_MINUTES,
    baseUrl: context.config.PUBLIC_BASE_URL,
    wechat: context.wechat,
  };
  depsByContext.set(context, deps);
  return deps;
}

/** Every order of the learner, newest first, for the account export (a learner has few). */
export async function ordersExportOf(
  deps: { db: Db; clock: Clock },
  userId: number,
): Promise<Order[]> {
  const { rows } = await listOrdersOfUser(deps.db, userId, { offset: 0, limit: 10_000 });
  const now = deps.clock.now();
  return rows.map((row) => toOrder(row, now));
}
