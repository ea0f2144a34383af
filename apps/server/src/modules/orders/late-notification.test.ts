import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The sandbox's "支付成功，但通知延迟送达" is a job on the queue in the database, not a timer in
 * the process that showed the page: an API server that runs no jobs (or that restarted) takes the
 * payment, and another process delivers the notification, which fulfils the order.
 */

const clock = testClock();
let database: Database;
/** Shows the sandbox page and takes the payment; runs no jobs (WORKERS_IN_PROCESS=false). */
let web: App;
/** Another process on the same database that works the queue. */
let worker: App | null = null;

beforeAll(async () => {
  database = await openTestDatabase();
  web = await buildApp(
    testConfig({
      WORKERS_IN_PROCESS: 'false',
      SANDBOX_LATE_NOTIFY_SECONDS: '1',
      QUEUE_POLL_SECONDS: '0.5',
    }),
    { database, clock },
  );
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await web.close().catch(() => undefined);
});

const orderStatus = async (orderNo: string) =>
  (await database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

describe('the sandbox late notification', () => {
  it('waits on the queue and is delivered by whichever process works it', async () => {
    const { token, userId } = await createLearner(database.db, { now: clock.now() });
    const call = (method: 'POST', url: string, payload: object) =>
      web.inject({ method, url, headers: { token }, payload });
    const { orderNo } = (await call('POST', '/api/orders', { kind: 'vip', itemId: 'month' })).json()
      .data;
    const start = (
      await call('POST', `/api/orders/${orderNo}/pay`, { provider: 'sandbox', device: 'desktop' })
    ).json().data;
    const url = new URL(start.url);
    const done = await web.inject({
      method: 'POST',
      url: '/api/payments/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ticket: url.searchParams.get('ticket')!,
        sig: url.searchParams.get('sig')!,
        action: 'late',
      }).toString(),
    });
    expect(done.headers.location).toContain('result=paid');
    expect(await orderStatus(orderNo)).toBe('paying');

    worker = await buildApp(
      testConfig({ SANDBOX_LATE_NOTIFY_SECONDS: '1', QUEUE_POLL_SECONDS: '0.5' }),
      {
        database,
        clock,
      },
    );
    await expect
      .poll(() => orderStatus(orderNo), { timeout: 40_000, interval: 250 })
      .toBe('fulfilled');
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.memberLevel).toBe(1);
  }, 60_000);
});
