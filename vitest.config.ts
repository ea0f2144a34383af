import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment. With
// TEST_DATABASE_URL set, the server suite runs a second time on that PostgreSQL.
const projects = [
  'packages/contract',
  'packages/scoring',
  'apps/server/vitest.config.ts',
  'apps/web',
  'lint',
];
if (process.env['TEST_DATABASE_URL']) projects.push('apps/server/vitest.pg.config.ts');

export default defineConfig({ test: { projects } });
