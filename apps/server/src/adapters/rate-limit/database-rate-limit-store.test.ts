import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';
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

function incr(
  store: { incr: (...args: never[]) => void },
  key: string,
  windowMs = 60_000,
  max?: number,
) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    (
      store.incr as (
        key: string,
        callback: (error: Error | null, counted?: { current: number; ttl: number }) => void,
        windowMs: number,
        max?: number,
      ) => void
    )(
      key,
      (error, counted) => (error || !counted ? reject(error) : resolve(counted)),
      windowMs,
      max,
    );
  });
}

async function sharedHits(key: string): Promise<number> {
  const [row] = await database.db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row?.hits ?? 0;
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

describe('the local pre-count (one statement per key and interval, not per request)', () => {
  // A long interval: the test says when each process adds its hits.
  const slow = { flushMs: 60_000 };

  it('counts a busy key here and adds its hits in one statement; one process is exact', async () => {
    const Store = databaseRateLimitStore(database.db, slow);
    const store = new Store({});
    const answers = [];
    for (let index = 0; index < 50; index++) {
      answers.push((await incr(store, '10.1.0.1', 60_000, 600)).current);
    }
    expect(answers).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // Only the first hit went to the database; the other 49 wait for the flush.
    expect(await sharedHits('global|10.1.0.1')).toBe(1);
    await Store.flush();
    expect(await sharedHits('global|10.1.0.1')).toBe(50);
    expect((await incr(store, '10.1.0.1', 60_000, 600)).current).toBe(51);
  });

  it('counts the top of the limit in the database, so one process refuses exactly at it', async () => {
    const Store = databaseRateLimitStore(database.db, slow);
    const store = new Store({});
    const answers = [];
    for (let index = 0; index < 12; index++) {
      answers.push((await incr(store, '10.1.0.2', 60_000, 10)).current);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The reserve (the top 10 %: hit 10 on) went to the database with the hits before it.
    expect(await sharedHits('global|10.1.0.2')).toBe(12);
  });

  it('two servers: each sees the other’s hits once they are added, within the stated lag', async () => {
    const serverA = databaseRateLimitStore(database.db, slow);
    const serverB = databaseRateLimitStore(database.db, slow);
    const a = new serverA({});
    const b = new serverB({});
    for (let index = 0; index < 20; index++) await incr(a, '10.1.0.3', 60_000, 100);
    // B reads the key for the first time: it sees A's first hit, not A's 19 local ones yet.
    expect((await incr(b, '10.1.0.3', 60_000, 100)).current).toBe(2);
    await serverA.flush();
    await serverB.flush();
    expect(await sharedHits('global|10.1.0.3')).toBe(21);
    // B's next read of the database (its key is no longer fresh with a 0 ms interval) is exact.
    const fresh = new (databaseRateLimitStore(database.db, { flushMs: 0 }))({});
    expect((await incr(fresh, '10.1.0.3', 60_000, 100)).current).toBe(22);
  });

  it('runs the flush on its own timer', async () => {
    const Store = databaseRateLimitStore(database.db, { flushMs: 50 });
    const store = new Store({});
    for (let index = 0; index < 5; index++) await incr(store, '10.1.0.4', 60_000, 600);
    await expect.poll(() => sharedHits('global|10.1.0.4'), { timeout: 30_000 }).toBe(5);
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
