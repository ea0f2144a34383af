import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'lint',
    environment: 'node',
    include: ['**/*.test.ts'],
    // ESLint loads every plugin and resolves imports on its first run.
    testTimeout: 60_000,
  },
});
