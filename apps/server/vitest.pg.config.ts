import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
/** What a test file imports to reach a database: the app, the test app or the db client. */
const REACHES_DATABASE = /from '[^']*(\/test\/test-app|\/db\/client|\/app)'/;

/**
 * The server test files that reach the database. The rest (content, adapters, pure services, the
 * speech engine) behave the same on either database and already ran in the PGlite run: a second
 * run on PostgreSQL cost CI minutes for nothing (the language pool and the speech engine tests
 * alone were ~100 s).
 */
function databaseTests(): string[] {
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(dir, file))
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => REACHES_DATABASE.test(readFileSync(path.join(root, file), 'utf8'))),
  );
}

/** The same server suite on a real PostgreSQL, run when TEST_DATABASE_URL is set (CI does). */
export default defineProject({
  test: {
    name: 'server-pg',
    environment: 'node',
    include: databaseTests(),
    globalSetup: ['test/postgres-template.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
