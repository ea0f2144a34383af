import { defineProject } from 'vitest/config';

/** The server suite on PGlite: every test database starts from one migrated template. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/pglite-template.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
