import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabaseName } from './postgres-url';

/**
 * A fresh, migrated database of the project's driver, private to the caller: tests never share
 * rows, so files run in parallel.
 */
export async function openTestDatabase(): Promise<Database> {
  const target = inject('testDatabase');
  if (target.driver === 'pglite') {
    const template = new Blob([await readFile(target.templatePath)]);
    return openDatabase('pglite://memory', { pgliteTemplate: template });
  }
  const name = `ninety_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  await admin.end();
  const database = await openDatabase(withDatabaseName(target.adminUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: target.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite://memory',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests that need the bank import it themselves (see test/bank.ts).
    CONTENT_IMPORT_ON_START: 'false',
    // One writing checker per app (~250 MB each); test files run side by side.
    LANGUAGE_WORKERS: '1',
    STORAGE_DIR: path.join(os.tmpdir(), `ninety-test-storage-${process.pid}`),
    // A submission waits for its score (a busy machine can take a while to start the writing
    // checker): tests of the 202 answer set their own.
    SCORING_WAIT_MS: '120000',
    ...env,
  });
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<App> {
  return buildApp(testConfig(env), { ...options, database: await openTestDatabase() });
}

/** A clock that only moves when the test says so. */
export function testClock(start = new Date('2026-11-22T02:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}
