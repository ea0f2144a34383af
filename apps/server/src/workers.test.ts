import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossQueue } from './adapters/queue/pg-boss-queue';
import { buildApp, type App } from './app';
import type { Database } from './db/client';
import { openTestDatabase, testConfig } from '../test/test-app';

/** The periodic jobs are scheduled by every process and run by whichever works the queues. */
let app: App;
let database: Database;
let sender: PgBossQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database });
  // Another process of the fleet, sending to the same queue.
  sender = new PgBossQueue({
    connection: database.queue,
    pollingSeconds: 1,
    maintenanceSeconds: 30,
    schedules: false,
    onError: () => undefined,
  });
  await sender.start();
});
afterAll(async () => {
  await sender.stop(5000);
  await app.close();
});

describe('periodic jobs', () => {
  it('are scheduled', async () => {
    const { rows } = await database.queue.executeSql('select name, cron from pgboss.schedule');
    expect(rows.map((row) => row['name']).sort()).toEqual([
      'abort-abandoned-uploads',
      'close-expired-orders',
      'discard-abandoned-mock-papers',
      'purge-object-deletions',
      'reconcile-orders',
      'remove-ended-rate-limit-windows',
      'remove-unclaimed-mock-recordings',
      'settle-scoring-mock-papers',
    ]);
  });

  it.each([
    'abort-abandoned-uploads',
    'purge-object-deletions',
    'remove-ended-rate-limit-windows',
    'settle-scoring-mock-papers',
    'discard-abandoned-mock-papers',
    'close-expired-orders',
    'reconcile-orders',
    'remove-unclaimed-mock-recordings',
  ])('%s runs when its tick sends it', async (name) => {
    const id = await sender.send(name, {});
    expect(id).toBeTruthy();
    const outcome = await sender.waitFor(name, id ?? '', 20_000);
    expect(outcome.state).toBe('completed');
  });
});
