import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProviders } from '../../adapters/payments/create-payment-providers';
import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox-payment-provider';
import { LocalWechatProvider } from '../../adapters/wechat/local-wechat-provider';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { orders, users, vipGrants } from '../../db/schema';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import {
  closeExpiredOrders,
  reconcileOrders,
  refundOrder,
  vipProduct,
  type OrdersDeps,
} from './orders.service';
import { sandboxLedger } from './orders.repository';
import { createProductCatalogue } from './product-catalogue';

/**
 * Orders through the API with the sandbox provider, on PGlite and (project server-pg) PostgreSQL:
 * prices from the server, one order per double click, paying, failing and cancelling on the
 * sandbox page, notifications checked, and fulfilment once however many confirmations race.
 */

const DAY = 86_400_000;
const config = testConfig();
const clock = testClock();
let database: Database;
let app: App;
let deps: OrdersDeps;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  // The jobs' view of the same database (the app keeps its own deps inside).
  const products = createProductCatalogue();
  products.register(vipProduct({ db: database.db, clock, plans: config.VIP_PLANS }));
  const providers = createPaymentProviders(config, clock, sandboxLedger(database.db));
  sandbox = providers.get('sandbox') as SandboxPaymentProvider;
  deps = {
    db: database.db,
    clock,
    log: pino({ level: 'silent' }),
    products,
    providers,
    expireMinutes: config.ORDER_EXPIRE_MINUTES,
    baseUrl: config.PUBLIC_BASE_URL,
    wechat: new LocalWechatProvider(config.PUBLIC_BASE_URL),
  };
});
afterAll(async () => {
  await app.close();
});

const learner = () => createLearner(database.db, { now: clock.now() });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
const buy = (token: string, itemId = 'month', extra: object = {}) =>
  call('POST', '/api/orders', token, { kind: 'vip', itemId, ...extra });
const pay = (token: string, orderNo: string) =>
  call('POST', `/api/orders/${orderNo}/pay`, token, { provider: 'sandbox', device: 'desktop' });
const userRow = async (id: number) =>
  (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
const orderRow = async (orderNo: string) =>
  (await database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

/** Goes to the sandbox page as the payment window would and presses a button. */
async function checkout(token: string, orderNo: string, action: string) {
  const start = (await pay(token, orderNo)).json().data;
  expect(start.kind).toBe('redirect');
  const url = new URL(start.url);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('模拟支付');
  const form = new URLSearchParams({
    ticket: url.searchParams.get('ticket')!,
    sig: url.searchParams.get('sig')!,
    action,
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

describe('making an order', () => {
  it('takes the price from the server list, whatever the client says', async () => {
    const { token } = await learner();
    const response = await buy(token, 'quarter', { amountFen: 1, amount: 0.01 });
    expect(response.statusCode).toBe(200);
    const order = response.json().data;
    const plan = config.VIP_PLANS.find((candidate) => candidate.id === 'quarter')!;
    expect(order).toMatchObject({
      kind: 'vip',
      itemId: 'quarter',
      amountFen: plan.amountFen,
      currency: 'CNY',
      status: 'created',
      payable: true,
    });
    expect(order.orderNo).toMatch(/^NT\d{22}$/);
    expect(new Date(order.expiresAt).getTime() - clock.now().getTime()).toBe(
      config.ORDER_EXPIRE_MINUTES * 60_000,
    );
  });

  it('refuses an unknown plan or kind, and strangers', async () => {
    const { token } = await learner();
    expect((await buy(token, 'forever')).json().code).toBe(ErrorCode.NotFound);
    expect(
      (await call('POST', '/api/orders', token, { kind: 'car', itemId: 'x' })).json().code,
    ).toBe(ErrorCode.InvalidInput);
    expect(
      (await call('POST', '/api/orders', undefined, { kind: 'vip', itemId: 'month' })).statusCode,
    ).toBe(401);
  });

  it('makes one order of a double click, and another learner cannot see it', async () => {
    const { token } = await learner();
    const answers = await Promise.all([buy(token), buy(token), buy(token)]);
    const numbers = new Set(answers.map((answer) => answer.json().data.orderNo));
    expect(numbers.size).toBe(1);
    const [orderNo] = [...numbers] as [string];
    const other = await learner();
    expect((await call('GET', `/api/orders/${orderNo}`, other.token)).json().code).toBe(
      ErrorCode.NotFound,
    );
    const list = (await call('GET', '/api/orders', token)).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0].orderNo).toBe(orderNo);
  });
});

describe('paying with the sandbox', () => {
  it('pays, fulfils and makes the learner a member from now', async () => {
    const { token, userId } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    const done = await checkout(token, orderNo, 'pay');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${config.PUBLIC_BASE_URL}/order/${orderNo}?result=paid`);
    const order = (await call('GET', `/api/orders/${orderNo}`, token)).json().data;
    expect(order).toMatchObject({ status: 'fulfilled', payable: false, provider: 'sandbox' });
    const user = await userRow(userId);
    expect(user.memberLevel).toBe(1);
    expect(user.memberExpiresAt!.getTime()).toBe(clock.now().getTime() + 31 * DAY);
    const info = (await call('GET', '/api/auth/getUser', token)).json().data;
    expect(info.newMemberLevel).toBe(1);
    expect(info.memberExpiresAt).toBe(user.memberExpiresAt!.toISOString());
  });

  it('extends an unexpired membership from its end, not from now', async () => {
    const { token, userId } = await learner();
    for (const itemId of ['month', 'quarter']) {
      const { orderNo } = (await buy(token, itemId)).json().data;
      await checkout(token, orderNo, 'pay');
    }
    const user = await userRow(userId);
    expect(user.memberExpiresAt!.getTime()).toBe(clock.now().getTime() + (31 + 92) * DAY);
  });

  it('leaves the order payable after a failed or cancelled payment', async () => {
    const { token, userId } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    const failed = await checkout(token, orderNo, 'fail');
    expect(failed.headers.location).toContain('result=fail');
    const cancelled = await checkout(token, orderNo, 'cancel');
    expect(cancelled.headers.location).toContain('result=cancel');
    const queried = (await call('POST', `/api/orders/${orderNo}/query`, token)).json().data;
    expect(queried).toMatchObject({ status: 'paying', payable: true });
    expect((await userRow(userId)).memberLevel).toBe(0);
    // The same order is offered again (a window closed early), and can still be paid.
    expect((await buy(token)).json().data.orderNo).toBe(orderNo);
    await checkout(token, orderNo, 'pay');
    expect((await orderRow(orderNo)).status).toBe('fulfilled');
  });

  it('finds a payment whose notification is late by asking the provider', async () => {
    const { token, userId } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    const late = await checkout(token, orderNo, 'late');
    expect(late.headers.location).toContain('result=paid');
    expect((await orderRow(orderNo)).status).toBe('paying');
    const queried = (await call('POST', `/api/orders/${orderNo}/query`, token)).json().data;
    expect(queried.status).toBe('fulfilled');
    expect((await userRow(userId)).memberLevel).toBe(1);
  });

  it('the reconcile job finds a late payment nobody asked about', async () => {
    const { token } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    await checkout(token, orderNo, 'late');
    clock.advance(120);
    await reconcileOrders(deps);
    expect((await orderRow(orderNo)).status).toBe('fulfilled');
  });
});

describe('notifications', () => {
  const notify = (rawBody: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/json', ...headers },
      payload: rawBody,
    });

  it('rejects a bad signature, an unknown order and a wrong amount, and changes nothing', async () => {
    const { token } = await learner();
    const { orderNo, amountFen } = (await buy(token)).json().data;
    await pay(token, orderNo);

    const good = sandbox.notificationFor(orderNo, { transactionId: 'T1', amountFen });
    // Another last digit: replacing it with '0' left an order number ending in 0 unchanged.
    const tampered = good.rawBody.replace(
      orderNo,
      orderNo.replace(/.$/, (last: string) => (last === '0' ? '1' : '0')),
    );
    expect((await notify(tampered, good.headers as Record<string, string>)).statusCode).toBe(400);
    expect((await notify(good.rawBody, { 'x-sandbox-signature': 'forged' })).statusCode).toBe(400);

    const unknown = sandbox.notificationFor('NT0000000000000000000000', {
      transactionId: 'T2',
      amountFen,
    });
    expect(
      (await notify(unknown.rawBody, unknown.headers as Record<string, string>)).statusCode,
    ).toBe(400);

    const cheap = sandbox.notificationFor(orderNo, { transactionId: 'T3', amountFen: 1 });
    expect((await notify(cheap.rawBody, cheap.headers as Record<string, string>)).statusCode).toBe(
      400,
    );

    expect((await orderRow(orderNo)).status).toBe('paying');
    expect((await notify(good.rawBody, good.headers as Record<string, string>)).statusCode).toBe(
      200,
    );
    expect((await orderRow(orderNo)).status).toBe('fulfilled');
  });

  it('fulfils once when notifications repeat and race active queries', async () => {
    const { token, userId } = await learner();
    const { orderNo, amountFen } = (await buy(token)).json().data;
    await pay(token, orderNo);
    // The gateway took the money; now its notification arrives five times at once while the
    // payment window and the reconcile job ask.
    const entry = await sandboxLedger(database.db).record(orderNo, {
      state: 'paid',
      transactionId: 'SBX-RACE',
      amountFen,
    });
    const notification = sandbox.notificationFor(orderNo, entry);
    clock.advance(120);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        notify(notification.rawBody, notification.headers as Record<string, string>),
      ),
      call('POST', `/api/orders/${orderNo}/query`, token),
      call('POST', `/api/orders/${orderNo}/query`, token),
      reconcileOrders(deps),
    ]);
    for (const answer of answers.slice(0, 5))
      expect((answer as { statusCode: number }).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe('fulfilled');
    const grants = await database.db.select().from(vipGrants).where(eq(vipGrants.orderNo, orderNo));
    expect(grants).toHaveLength(1);
    const user = await userRow(userId);
    expect(user.memberExpiresAt!.getTime()).toBe(clock.now().getTime() + 31 * DAY);
  });

  it('fulfilment itself is idempotent on the order number', async () => {
    const { userId } = await learner();
    const product = deps.products.get('vip')!;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        product.fulfil({ userId, itemId: 'month', orderNo: 'NTSAME0001' }),
      ),
    );
    const user = await userRow(userId);
    expect(user.memberExpiresAt!.getTime()).toBe(clock.now().getTime() + 31 * DAY);
  });
});

describe('expiry, cancel and refund', () => {
  it('closes unpaid orders after their lifetime, and a new order is made after that', async () => {
    const { token } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    await pay(token, orderNo);
    clock.advance(config.ORDER_EXPIRE_MINUTES * 60 + 1);
    await closeExpiredOrders(deps);
    const order = (await call('GET', `/api/orders/${orderNo}`, token)).json().data;
    expect(order).toMatchObject({ status: 'closed', payable: false });
    expect((await pay(token, orderNo)).json().code).toBe(ErrorCode.InvalidInput);
    expect((await buy(token)).json().data.orderNo).not.toBe(orderNo);
  });

  it('an expiring order that was paid is fulfilled, not closed', async () => {
    const { token, userId } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    await checkout(token, orderNo, 'late');
    clock.advance(config.ORDER_EXPIRE_MINUTES * 60 + 1);
    await closeExpiredOrders(deps);
    expect((await orderRow(orderNo)).status).toBe('fulfilled');
    expect((await userRow(userId)).memberLevel).toBe(1);
  });

  it('cancels an unpaid order, and the sandbox then refuses to take the money', async () => {
    const { token } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    const start = (await pay(token, orderNo)).json().data;
    const cancelled = (await call('POST', `/api/orders/${orderNo}/cancel`, token)).json().data;
    expect(cancelled.status).toBe('closed');
    const url = new URL(start.url);
    const form = new URLSearchParams({
      ticket: url.searchParams.get('ticket')!,
      sig: url.searchParams.get('sig')!,
      action: 'pay',
    });
    const late = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(late.headers.location).toContain('result=closed');
    expect((await orderRow(orderNo)).status).toBe('closed');
  });

  it('refunds a fulfilled order through its provider', async () => {
    const { token } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    await checkout(token, orderNo, 'pay');
    const refunded = await refundOrder(deps, orderNo, '学员申请退款');
    expect(refunded.status).toBe('refunded');
    expect((await sandbox.query(orderNo)).state).toBe('refunded');
  });

  it('refuses a sandbox ticket that was altered', async () => {
    const { token } = await learner();
    const { orderNo } = (await buy(token)).json().data;
    const start = (await pay(token, orderNo)).json().data;
    const url = new URL(start.url);
    const ticket = JSON.parse(Buffer.from(url.searchParams.get('ticket')!, 'base64url').toString());
    ticket.amountFen = 1;
    url.searchParams.set('ticket', Buffer.from(JSON.stringify(ticket)).toString('base64url'));
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(400);
  });
});
