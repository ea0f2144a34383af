import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Paying inside WeChat's browser (JSAPI) through the API with the sandbox, on PGlite and
 * (project server-pg) PostgreSQL: the web authorisation's local default gives a code, the pay
 * call turns it into the payer's openid and answers with bridge parameters, and the sandbox's
 * stand-in for the bridge pays, fails or cancels. The bridge's word is never the order's: the
 * order becomes paid by the gateway's signed notification (or the active query) only.
 */

const config = testConfig();
const clock = testClock();
let database: Database;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
});
afterAll(async () => {
  await app.close();
});

const learner = () => createLearner(database.db, { now: clock.now() });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
const orderRow = async (orderNo: string) =>
  (await database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

async function newOrder(token: string): Promise<string> {
  return (await call('POST', '/api/orders', token, { kind: 'vip', itemId: 'month' })).json().data
    .orderNo;
}

/** What WeChat's browser does: asks for the authorisation and comes back with code and state. */
async function authorise(token: string, orderNo: string, state = 'st4te0123456') {
  const response = await call(
    'GET',
    `/api/orders/${orderNo}/wechat-authorize?state=${state}`,
    token,
  );
  expect(response.statusCode).toBe(200);
  const back = new URL(response.json().data.url);
  expect(`${back.origin}${back.pathname}`).toBe(`${config.PUBLIC_BASE_URL}/order/${orderNo}`);
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code')!;
}

const payInWechat = (token: string, orderNo: string, body: object) =>
  call('POST', `/api/orders/${orderNo}/pay`, token, {
    provider: 'sandbox',
    device: 'wechat',
    ...body,
  });

/** The sandbox's bridge stand-in, as the page calls it. */
const bridge = (params: object, action: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/jsapi',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...params, action }),
  });

describe('paying inside WeChat (JSAPI) with the sandbox', () => {
  it('authorises, pays through the bridge stand-in, and grants the membership once', async () => {
    const { token, userId } = await learner();
    const orderNo = await newOrder(token);
    const code = await authorise(token, orderNo);
    const start = await payInWechat(token, orderNo, { oauthCode: code });
    expect(start.statusCode).toBe(200);
    const { kind, params } = start.json().data;
    expect(kind).toBe('jsapi');
    expect(params).toMatchObject({ appId: 'sandbox', signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=/);
    expect((await orderRow(orderNo)).status).toBe('paying');

    const paid = await bridge(params, 'pay');
    expect(paid.json().data).toEqual({ errMsg: 'get_brand_wcpay_request:ok' });
    const order = (await call('POST', `/api/orders/${orderNo}/query`, token)).json().data;
    expect(order).toMatchObject({ status: 'fulfilled', provider: 'sandbox' });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.memberExpiresAt!.getTime()).toBe(clock.now().getTime() + 31 * 86_400_000);

    // The bridge pressed again (a double tap) pays nothing twice.
    expect((await bridge(params, 'pay')).statusCode).toBe(200);
    const [again] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(again!.memberExpiresAt).toEqual(user!.memberExpiresAt);
  });

  it('a cancel or a failure at the bridge leaves the order payable', async () => {
    const { token } = await learner();
    const orderNo = await newOrder(token);
    const { params } = (
      await payInWechat(token, orderNo, { oauthCode: await authorise(token, orderNo) })
    ).json().data;
    expect((await bridge(params, 'cancel')).json().data.errMsg).toBe(
      'get_brand_wcpay_request:cancel',
    );
    expect((await bridge(params, 'fail')).json().data.errMsg).toBe('get_brand_wcpay_request:fail');
    const order = (await call('POST', `/api/orders/${orderNo}/query`, token)).json().data;
    expect(order).toMatchObject({ status: 'paying', payable: true });
  });

  it('refuses altered bridge parameters, and pays nothing', async () => {
    const { token } = await learner();
    const orderNo = await newOrder(token);
    const { params } = (
      await payInWechat(token, orderNo, { oauthCode: await authorise(token, orderNo) })
    ).json().data;
    const [, ticket = ''] = /^prepay_id=([^.]+)\./.exec(params.package)!;
    const cheaper = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(ticket, 'base64url').toString()), amountFen: 1 }),
    ).toString('base64url');
    for (const altered of [
      { ...params, paySign: `${params.paySign.slice(0, -2)}AA` },
      { ...params, package: params.package.replace(ticket, cheaper) },
      { ...params, timeStamp: String(Number(params.timeStamp) + 1) },
    ]) {
      const response = await bridge(altered, 'pay');
      expect(response.json().code).toBe(ErrorCode.BadSignature);
    }
    expect((await bridge(params, 'steal')).json().code).toBe(ErrorCode.BadSignature);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/jsapi',
          headers: { 'content-type': 'application/json' },
          payload: '{not json',
        })
      ).json().code,
    ).toBe(ErrorCode.BadSignature);
    expect((await orderRow(orderNo)).status).toBe('paying');
  });

  it('needs a good authorisation code, and the learner’s own payable order', async () => {
    const { token } = await learner();
    const orderNo = await newOrder(token);
    expect((await payInWechat(token, orderNo, {})).json().code).toBe(ErrorCode.InvalidInput);
    expect((await payInWechat(token, orderNo, { oauthCode: 'forged0123456789' })).json().code).toBe(
      ErrorCode.InvalidInput,
    );
    expect((await payInWechat(token, orderNo, { oauthCode: 'bad code!' })).statusCode).toBe(400);
    // Another learner can neither authorise for nor pay this order.
    const stranger = await learner();
    expect(
      (
        await call(
          'GET',
          `/api/orders/${orderNo}/wechat-authorize?state=st4te0123456`,
          stranger.token,
        )
      ).json().code,
    ).toBe(ErrorCode.NotFound);
    expect(
      (await call('GET', `/api/orders/${orderNo}/wechat-authorize?state=x`, token)).statusCode,
    ).toBe(400);
    expect((await orderRow(orderNo)).status).toBe('created');
  });
});
