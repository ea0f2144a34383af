import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { PgBossQueue } from './pg-boss-queue';

/** The job queue on the suite's database (PGlite, or PostgreSQL in the server-pg run). */
let database: Database;

function queueOn(connection: Database['queue']) {
  return new PgBossQueue({
    connection,
    pollingSeconds: 0.5,
    maintenanceSeconds: 1,
    schedules: false,
    onError: () => undefined,
  });
}

let queue: PgBossQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = queueOn(database.queue);
  await queue.start();
});
afterAll(async () => {
  await queue.stop(5000);
  await database.close();
});

const policy = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 };

describe('the job queue', () => {
  it('runs a job and hands its output to whoever waits for it', async () => {
    await queue.define('double', policy);
    await queue.work<{ n: number }, { twice: number }>('double', 1, async ({ n }) => ({
      twice: n * 2,
    }));
    const id = await queue.send('double', { n: 21 });
    expect(await queue.waitFor('double', id ?? '', 20_000)).toEqual({
      state: 'completed',
      output: { twice: 42 },
    });
  });

  it('queues a job once per id: a second send with it adds nothing', async () => {
    await queue.define('once', policy);
    const id = '2f0c8a52-7a8e-4d1c-9b0e-4b6f3e1d2c3a';
    expect(await queue.send('once', { a: 1 }, { id })).toBe(id);
    expect(await queue.send('once', { a: 2 }, { id })).toBeNull();
    expect(await queue.waitingCount(['once'])).toBe(1);
  });

  it('tries a failing job again, then fails it with the last reason', async () => {
    await queue.define('flaky', { ...policy, retryLimit: 1 });
    const tries: number[] = [];
    await queue.work('flaky', 1, async (_data, job) => {
      tries.push(job.retryCount);
      throw new Error(`try ${job.retryCount} failed`);
    });
    const id = await queue.send('flaky', {});
    await expect
      .poll(() => queue.outcome('flaky', id ?? ''), { timeout: 20_000 })
      .toEqual({ state: 'failed', reason: 'try 1 failed' });
    expect(tries).toEqual([0, 1]);
    // Forgotten, the same id can be sent again.
    await queue.remove('flaky', id ?? '');
    expect(await queue.outcome('flaky', id ?? '')).toEqual({ state: 'missing' });
  });

  it('keeps a job that runs past its expiry while its worker is alive: one try, then done', async () => {
    // A busy machine or a full speech pool can hold a try past its expiry; pg-boss alone would
    // fail it as lost and start a second try beside the first.
    await queue.define('long', { ...policy, expireInSeconds: 3 });
    const tries: number[] = [];
    let finish = () => undefined as void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await queue.work('long', 2, async (_data, job) => {
      tries.push(job.retryCount);
      await finished;
      return { done: true };
    });
    const id = (await queue.send('long', {})) ?? '';
    await expect.poll(() => tries.length, { timeout: 20_000 }).toBe(1);
    // Three expiries, with the upkeep running every second.
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    expect(await queue.outcome('long', id)).toEqual({ state: 'pending' });
    finish();
    expect(await queue.waitFor('long', id, 20_000)).toEqual({
      state: 'completed',
      output: { done: true },
    });
    expect(tries).toEqual([0]);
  });

  it('retries a try whose process stopped marking it alive, once its expiry has passed', async () => {
    await queue.define('orphan', { ...policy, expireInSeconds: 2 });
    const id = (await queue.send('orphan', {})) ?? '';
    // Taken by a process that then died: active, last marked alive 10 s ago.
    await database.queue.executeSql(
      `update pgboss.job set state = 'active', started_on = now() - interval '10 seconds',
         retry_count = 0 where name = 'orphan' and id = $1`,
      [id],
    );
    const tries: number[] = [];
    await queue.work('orphan', 1, async (_data, job) => {
      tries.push(job.retryCount);
      return { ok: true };
    });
    expect(await queue.waitFor('orphan', id, 30_000)).toEqual({
      state: 'completed',
      output: { ok: true },
    });
    expect(tries).toEqual([1]);
  });

  it('waiting for a job nobody takes ends pending after the time given', async () => {
    await queue.define('idle', policy);
    const id = await queue.send('idle', {});
    expect(await queue.waitFor('idle', id ?? '', 200)).toEqual({ state: 'pending' });
  });
});

describe.runIf(inject('testDatabase').driver === 'pglite')('on a PGlite directory', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ninety-queue-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('a job queued before a restart is run after it', async () => {
    const url = `pglite://${directory}`;
    const before = await openDatabase(url);
    await before.migrate();
    const first = queueOn(before.queue);
    await first.start();
    await first.define('kept', policy);
    const id = await first.send('kept', { note: 'queued before the restart' });
    await first.stop(5000);
    await before.close();

    const after = await openDatabase(url);
    const second = queueOn(after.queue);
    try {
      await second.start();
      await second.work<{ note: string }, { seen: string }>('kept', 1, async ({ note }) => ({
        seen: note,
      }));
      expect(await second.waitFor('kept', id ?? '', 20_000)).toEqual({
        state: 'completed',
        output: { seen: 'queued before the restart' },
      });
    } finally {
      await second.stop(5000);
      await after.close();
    }
  });
});
