import { defineProject } from 'vitest/config';

// The language tools' tests load the dictionaries and rank spelling suggestions: 6–12 s a test
// was seen on a loaded 2-core machine, past vitest's 5 s default. A limit, not a target.
export default defineProject({
  test: { name: 'scoring', environment: 'node', testTimeout: 30_000 },
});
