import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { buildTestApp, openTestDatabase } from '../../../test/test-app';
import { databaseRateLimitStore, removeEndedRateLimitWindows } from './database-rate-limit-store';

/** Two stores on one database stand for two server processes of a fleet. */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function incr(store: { incr: (...args: never[]) => void }, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    (
      store.incr as (
        key: string,
        callback: (error: Error | null, counted?: { current: number; ttl: number }) => void,
        windowMs: number,
      ) => void
    )(key, (error, counted) => (error || !counted ? reject(error) : resolve(counted)), windowMs);
  });
}

describe('the rate limits counted in the database', () => {
  it('two servers count one address together, per route, within the window', async () => {
    const Store = databaseRateLimitStore(database.db);
    const serverA = new Store({});
    const serverB = new Store({});
    expect((await incr(serverA, '10.0.0.1')).current).toBe(1);
    expect((await incr(serverB, '10.0.0.1')).current).toBe(2);
    const third = await incr(serverA, '10.0.0.1');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    // Another address, and a route with a limit of its own, count apart.
    expect((await incr(serverB, '10.0.0.2')).current).toBe(1);
    const route = { routeInfo: { method: 'POST', url: '/api/message/sendSms' } };
    expect((await incr(serverA.child(route), '10.0.0.1')).current).toBe(1);
    expect((await incr(serverB.child(route), '10.0.0.1')).current).toBe(2);
  });

  it('a window that has ended starts again at one, and its row is cleaned up', async () => {
    const store = new (databaseRateLimitStore(database.db))({});
    // A window of 1 ms is over by the next statement.
    await incr(store, '10.0.0.9', 1);
    await expect.poll(async () => (await incr(store, '10.0.0.9', 1)).current).toBe(1);
    await expect.poll(() => removeEndedRateLimitWindows(database.db)).toBeGreaterThan(0);
  });
});

describe('an app counting in the database', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_STORE: 'database', RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses the request past the limit in the envelope', async () => {
    const statuses = [];
    for (let index = 0; index < 4; index++) {
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/message/countryList' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await app.inject({ method: 'POST', url: '/api/message/countryList' });
    expect(refused.json()).toMatchObject({ code: 42901 });
  });
});
