import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const RULE = 'import-x/no-restricted-paths';

/**
 * Each case lints one import as if written in a file at `at`, with the repository's own
 * eslint.config.js: a forbidden import must fail `npm run check`, an allowed one must not.
 */
const cases: { at: string; imports: string; isForbidden: boolean; rule: string }[] = [
  {
    rule: 'a web feature does not import another feature',
    at: 'apps/web/src/features/bank/fixture.ts',
    imports: '../favorites',
    isForbidden: true,
  },
  {
    rule: 'a feature does not import a page',
    at: 'apps/web/src/features/bank/fixture.ts',
    imports: '../../pages/home/home-page',
    isForbidden: true,
  },
  {
    rule: 'lib/ does not import a feature',
    at: 'apps/web/src/lib/fixture.ts',
    imports: '../features/auth',
    isForbidden: true,
  },
  {
    rule: 'components/ does not import a feature',
    at: 'apps/web/src/components/fixture.tsx',
    imports: '../features/settings',
    isForbidden: true,
  },
  {
    rule: 'item-types/ does not import a page',
    at: 'apps/web/src/item-types/fixture.ts',
    imports: '../pages/home/home-page',
    isForbidden: true,
  },
  {
    rule: 'a page composes features',
    at: 'apps/web/src/pages/home/fixture.ts',
    imports: '../../features/bank',
    isForbidden: false,
  },
  {
    rule: 'a feature uses the shared layers',
    at: 'apps/web/src/features/bank/fixture.ts',
    imports: '../../lib/format',
    isForbidden: false,
  },
  {
    rule: 'a server plugin does not import a module',
    at: 'apps/server/src/plugins/fixture.ts',
    imports: '../modules/health/health.routes',
    isForbidden: true,
  },
  {
    rule: 'an adapter does not import a module',
    at: 'apps/server/src/adapters/fixture.ts',
    imports: '../modules/items/items.service',
    isForbidden: true,
  },
  {
    rule: "a module does not import another module's repository",
    at: 'apps/server/src/modules/favorites/fixture.ts',
    imports: '../items/items.repository',
    isForbidden: true,
  },
  {
    rule: "a module uses another module's service",
    at: 'apps/server/src/modules/favorites/fixture.ts',
    imports: '../items/items.service',
    isForbidden: false,
  },
  {
    rule: 'a module uses its own repository',
    at: 'apps/server/src/modules/items/fixture.ts',
    imports: './items.repository',
    isForbidden: false,
  },
];

describe('layer boundaries (design §2) fail the lint', () => {
  const eslint = new ESLint({ cwd: root });

  it.each(cases)('$rule', async ({ at, imports, isForbidden }) => {
    const code = `import * as fixture from '${imports}';\nexport const used = fixture;\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
    const boundaryErrors = (result?.messages ?? []).filter((message) => message.ruleId === RULE);
    expect(boundaryErrors.length > 0).toBe(isForbidden);
  });
});
