import { defineProject } from 'vitest/config';

/** The same server suite on a real PostgreSQL, run when TEST_DATABASE_URL is set (CI does). */
export default defineProject({
  test: {
    name: 'server-pg',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The speech engine never touches the database: once (in the PGlite run) is enough.
    exclude: ['src/adapters/speech/**'],
    globalSetup: ['test/postgres-template.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
