import { ErrorCode, materialPaths } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProviders } from '../../adapters/payments/create-payment-providers';
import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox-payment-provider';
import { LocalWechatProvider } from '../../adapters/wechat/local-wechat-provider';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { materialGrants } from '../../db/schema/materials';
import { orders, users, vipGrants } from '../../db/schema';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { downloadLinks } from '../materials/download-links';
import {
  materialProductKind,
  materialsOf,
  type MaterialsDeps,
} from '../materials/materials.service';
import { runOrdersCommand } from './orders-cli';
import { sandboxLedger } from './orders.repository';
import {
  queryOrder,
  refundOrder,
  replayGrants,
  vipProduct,
  type OrdersDeps,
} from './orders.service';
import { createProductCatalogue, type ProductKind } from './product-catalogue';

/**
 * Refunds an operator runs (`npm run orders -- refund`), on PGlite and PostgreSQL: the provider
 * refunds, and what the order granted is taken back — VIP by exactly the days it added (the
 * remaining grants replayed), a material with its downloads — once; a second refund is refused;
 * and a payment confirmation racing the refund cannot leave the grant behind.
 */

const DAY = 86_400_000;
const config = testConfig();
const clock = testClock(new Date('2026-11-22T02:00:00Z'));
let database: Database;
let app: App;
let deps: OrdersDeps;
let sandbox: SandboxPaymentProvider;

function ordersDepsWith(products: OrdersDeps['products']): OrdersDeps {
  return {
    db: database.db,
    clock,
    log: pino({ level: 'silent' }),
    products,
    providers: createPaymentProviders(config, clock, sandboxLedger(database.db)),
    expireMinutes: config.ORDER_EXPIRE_MINUTES,
    baseUrl: config.PUBLIC_BASE_URL,
    wechat: new LocalWechatProvider(config.PUBLIC_BASE_URL),
  };
}

const materialsDepsOf = (): MaterialsDeps => ({
  db: database.db,
  clock,
  timeZone: config.TIME_ZONE,
  storage: { publicUrl: (key: string) => `/files/${key}` } as MaterialsDeps['storage'],
  // The product kind stamps nothing: no queue.
  queue: {} as MaterialsDeps['queue'],
  materials: materialsOf(config.CONTENT_DIR),
  links: downloadLinks(config.AUTH_SECRET, clock),
  downloadPath: () => '/unused',
});

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  await seedItems(database.db, [bankItem('DI', 1)]);
  const products = createProductCatalogue();
  products.register(vipProduct({ db: database.db, clock, plans: config.VIP_PLANS }));
  products.register(materialProductKind(materialsDepsOf()));
  deps = ordersDepsWith(products);
  sandbox = deps.providers.get('sandbox') as SandboxPaymentProvider;
}, 60_000);
afterAll(async () => {
  await app.close();
});

const learner = () => createLearner(database.db, { now: clock.now() });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
const userRow = async (id: number) =>
  (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
const orderRow = async (orderNo: string) =>
  (await database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const vipGrantsOf = (orderNo: string) =>
  database.db.select().from(vipGrants).where(eq(vipGrants.orderNo, orderNo));

/** Buys through the API and pays on the sandbox page (or only records the payment: `late`). */
async function buyAndPay(token: string, kind: 'vip' | 'material', itemId: string, action = 'pay') {
  const { orderNo } = (await call('POST', '/api/orders', token, { kind, itemId })).json().data;
  const start = (
    await call('POST', `/api/orders/${orderNo}/pay`, token, {
      provider: 'sandbox',
      device: 'desktop',
    })
  ).json().data;
  const url = new URL(start.url);
  const form = new URLSearchParams({
    ticket: url.searchParams.get('ticket')!,
    sig: url.searchParams.get('sig')!,
    action,
  });
  const done = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(done.statusCode).toBe(303);
  return orderNo as string;
}

/** The operator's command as `npm run orders -- …` runs it, with its output. */
async function command(...args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runOrdersCommand(deps, args, {
    log: (line) => lines.push(line),
    error: (line) => errors.push(line),
  });
  return { code, out: lines.join('\n'), err: errors.join('\n') };
}

describe('replaying VIP grants', () => {
  it('runs each grant from the later of its own time and the previous end', () => {
    const t = (days: number) => ({ createdAt: new Date(days * DAY), days: 0 });
    expect(
      replayGrants(0, [
        { ...t(0), days: 31 },
        { ...t(10), days: 92 },
      ]).end,
    ).toBe(123 * DAY);
    // After a lapse a grant starts at its own time.
    expect(
      replayGrants(0, [
        { ...t(0), days: 31 },
        { ...t(50), days: 92 },
      ]).ends,
    ).toEqual([31 * DAY, 142 * DAY]);
    expect(replayGrants(5 * DAY, []).end).toBe(5 * DAY);
  });
});

describe('npm run orders -- refund', () => {
  it('refunds a VIP order, ends the membership it made, shows 已退款, and refuses a second refund', async () => {
    const { token, userId } = await learner();
    const orderNo = await buyAndPay(token, 'vip', 'month');
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(
      clock.now().getTime() + 31 * DAY,
    );

    const shown = await command('show', orderNo);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('fulfilled');

    const refunded = await command('refund', orderNo, '--reason', '学员', '申请退款');
    expect(refunded).toMatchObject({ code: 0 });
    expect(refunded.out).toContain('refunded');
    expect(refunded.out).toContain('退款原因    学员 申请退款');
    expect((await orderRow(orderNo)).refundReason).toBe('学员 申请退款');
    expect((await command('show', orderNo)).out).toContain('退款原因    学员 申请退款');
    expect(await vipGrantsOf(orderNo)).toHaveLength(0);
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(clock.now().getTime());
    const info = (await call('GET', '/api/auth/getUser', token)).json().data;
    expect(info.newMemberLevel).toBe(0);
    expect((await sandbox.query(orderNo)).state).toBe('refunded');
    // 我的订单
    const list = (await call('GET', '/api/orders', token)).json().data.list;
    expect(list[0]).toMatchObject({ orderNo, status: 'refunded', refundReason: '学员 申请退款' });

    const again = await command('refund', orderNo, '--reason', '再退一次');
    expect(again.code).toBe(1);
    expect(again.err).toContain('不能重复退款');
    const ledger = await sandboxLedger(database.db).find(orderNo);
    expect(ledger!.refundedFen).toBe(ledger!.amountFen);
  });

  it('refunding an older order keeps a later one whole: the later runs from its own purchase', async () => {
    const { token, userId } = await learner();
    const start = clock.now().getTime();
    const month = await buyAndPay(token, 'vip', 'month');
    clock.advance(10 * 86_400);
    const quarter = await buyAndPay(token, 'vip', 'quarter');
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(start + (31 + 92) * DAY);

    expect((await command('refund', month, '--reason', '重复购买')).code).toBe(0);
    // Without the month, the quarter would have run from its purchase (day 10).
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(start + (10 + 92) * DAY);
    expect((await vipGrantsOf(quarter))[0]!.memberUntil.getTime()).toBe(start + (10 + 92) * DAY);

    // And the quarter's refund ends it now.
    expect((await command('refund', quarter, '--reason', '不想要了')).code).toBe(0);
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(clock.now().getTime());
  });

  it('refunding the later order leaves the earlier one as it was', async () => {
    const { token, userId } = await learner();
    const start = clock.now().getTime();
    await buyAndPay(token, 'vip', 'month');
    clock.advance(10 * 86_400);
    const quarter = await buyAndPay(token, 'vip', 'quarter');
    expect((await command('refund', quarter, '--reason', '误购')).code).toBe(0);
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBe(start + 31 * DAY);
  });

  it('refunds a material: the grant, its downloads and what it unlocks go', async () => {
    const { token, userId } = await learner();
    const orderNo = await buyAndPay(token, 'material', '1');
    const link = (await call('POST', materialPaths.downloadLink(1, 'di-charts'), token)).json()
      .data;
    expect(link.url).toContain(orderNo);
    expect((await command('refund', orderNo, '--reason', '资料不符')).code).toBe(0);

    const grants = await database.db
      .select()
      .from(materialGrants)
      .where(eq(materialGrants.userId, userId));
    expect(grants).toHaveLength(0);
    expect((await call('GET', link.url)).json().code).toBe(ErrorCode.PurchaseRequired);
    expect(
      (await call('POST', materialPaths.downloadLink(1, 'di-charts'), token)).json().code,
    ).toBe(ErrorCode.PurchaseRequired);
    expect((await call('GET', materialPaths.unlocks, token)).json().data.itemTypes).toEqual([]);
    // It can be bought again.
    expect(
      (await call('POST', '/api/orders', token, { kind: 'material', itemId: '1' })).statusCode,
    ).toBe(200);
  });

  it('refuses unpaid and unknown orders and bad usage, asking no provider', async () => {
    const { token } = await learner();
    const { orderNo } = (
      await call('POST', '/api/orders', token, { kind: 'vip', itemId: 'month' })
    ).json().data;
    const unpaid = await command('refund', orderNo, '--reason', 'x');
    expect(unpaid.code).toBe(1);
    expect(unpaid.err).toContain('只有已支付的订单可以退款');
    expect((await command('show', 'NT0000000000000000000000')).code).toBe(1);
    expect((await command('refund', orderNo)).code).toBe(2);
    expect((await command('refund', '../etc')).code).toBe(2);
    expect((await command('delete', orderNo)).code).toBe(2);
  });
});

describe('a refund racing a payment confirmation', () => {
  it('a late notification, active queries and the refund at once: refunded, nothing granted', async () => {
    const { token, userId } = await learner();
    const orderNo = await buyAndPay(token, 'vip', 'month', 'late');
    // The active query found it paid; the gateway's late notification is still on its way.
    expect((await call('POST', `/api/orders/${orderNo}/query`, token)).json().data.status).toBe(
      'fulfilled',
    );
    const entry = (await sandboxLedger(database.db).find(orderNo))!;
    const late = sandbox.notificationFor(orderNo, entry);
    clock.advance(5);
    const [refund, ...notifications] = await Promise.all([
      refundOrder(deps, orderNo, '退款与迟到的通知同时'),
      ...Array.from({ length: 3 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/payments/notify/sandbox',
          headers: {
            'content-type': 'application/json',
            ...(late.headers as Record<string, string>),
          },
          payload: late.rawBody,
        }),
      ),
      call('POST', `/api/orders/${orderNo}/query`, token),
    ]);
    expect(refund.status).toBe('refunded');
    for (const answer of notifications.slice(0, 3)) {
      expect((answer as { statusCode: number }).statusCode).toBe(200);
    }
    expect((await orderRow(orderNo)).status).toBe('refunded');
    expect(await vipGrantsOf(orderNo)).toHaveLength(0);
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
  });

  it('a grant still in flight when the refund lands is taken back', async () => {
    const { token, userId } = await learner();
    const orderNo = await buyAndPay(token, 'vip', 'month', 'late');
    // A confirmation whose grant is held until the refund has gone through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const granting = new Promise<void>((resolve) => (started = resolve));
    const real = deps.products.get('vip')!;
    const slow: ProductKind = {
      ...real,
      fulfil: async (input) => {
        started();
        await held;
        await real.fulfil(input);
      },
    };
    const products = createProductCatalogue();
    products.register(slow);
    const slowDeps = ordersDepsWith(products);

    const confirming = queryOrder(slowDeps, await orderRow(orderNo));
    await granting;
    expect((await orderRow(orderNo)).status).toBe('paid');
    const refunded = await refundOrder(deps, orderNo, '付款后立即退款');
    expect(refunded.status).toBe('refunded');
    release();
    await confirming;

    expect((await orderRow(orderNo)).status).toBe('refunded');
    expect(await vipGrantsOf(orderNo)).toHaveLength(0);
    expect((await userRow(userId)).memberExpiresAt!.getTime()).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
  });
});
