/**
 * kill -9 while attempts are being written (issue 18, reliability suites): every attempt the
 * server acknowledged is there after a restart, and the quota matches the attempts stored. Runs on
 * the project's database: a PGlite directory, or a PostgreSQL database of its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { attempts, users } from '../src/db/schema';
import { bankItem, seedItems } from './bank';
import { createLearner } from './factories';
import { withDatabaseName } from './postgres-url';
import { SERVER_ENTRY, startProcess } from './processes';

const ENERGY = 1000;

function startServer(env: Record<string, string>) {
  return startProcess(SERVER_ENTRY, {
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    CONTENT_IMPORT_ON_START: 'false',
    SPEECH_WORKERS: '1',
    LANGUAGE_WORKERS: '1',
    RATE_LIMIT_MAX: '100000',
    NON_MEMBER_ENERGY: String(ENERGY),
    LOG_LEVEL: 'warn',
    ...env,
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A database of the project's driver that outlives one server process. */
async function durableDatabaseUrl(): Promise<string> {
  const target = inject('testDatabase');
  if (target.driver === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ninety-crash-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return `pglite://${path.join(dir, 'db')}`;
  }
  const name = `ninety_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: target.adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return withDatabaseName(target.adminUrl, name);
}

describe('kill -9 during acknowledged writes', () => {
  it('keeps every acknowledged attempt and a quota that matches them', async () => {
    const url = await durableDatabaseUrl();
    const item = bankItem('WFD', 1);
    const setup = await openDatabase(url);
    await setup.migrate();
    await seedItems(setup.db, [item]);
    const { token, userId } = await createLearner(setup.db, { energy: ENERGY });
    await setup.close();

    const server = startServer({
      DATABASE_URL: url,
      STORAGE_DIR: path.join(os.tmpdir(), `ninety-crash-storage-${process.pid}`),
    });
    const base = (await server.ready).url;
    const acknowledged = new Set<number>();
    let stop = false;
    // Four writers in a loop; the kill lands while several requests are in flight.
    const writer = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${base}/api/posts/examed`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({
              itemId: item.id,
              answer: { text: 'the library will extend' },
              timeSpentSeconds: 5,
              idempotencyKey: randomUUID(),
            }),
          });
          if (response.status === 200) {
            const body = (await response.json()) as { data: { attempt: { id: string } } };
            acknowledged.add(Number(body.data.attempt.id));
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await expect
      .poll(() => acknowledged.size, { timeout: 120_000, interval: 50 })
      .toBeGreaterThanOrEqual(60);
    server.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);

    // Reopened (on PGlite the killed server's lock is stale and taken over).
    const after = await openDatabase(url);
    try {
      await after.migrate();
      const stored = await after.db
        .select({ id: attempts.id })
        .from(attempts)
        .where(eq(attempts.userId, userId));
      const storedIds = new Set(stored.map((row) => row.id));
      const lost = [...acknowledged].filter((id) => !storedIds.has(id));
      expect(lost, `${lost.length} of ${acknowledged.size} acknowledged attempts lost`).toEqual([]);
      const [user] = await after.db
        .select({ energy: users.energy })
        .from(users)
        .where(eq(users.id, userId));
      // Each stored attempt spent one use, and no use was spent without its attempt.
      expect(user!.energy + stored.length).toBe(ENERGY);
    } finally {
      await after.close();
    }
  }, 300_000);
});
