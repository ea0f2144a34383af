import { describe, expect, it } from 'vitest';
import { checkConformance, type Files } from '../scripts/check-spec-conformance';

/** The check behind `npm run check:spec` (issue 22): a stale row of the conformance table fails. */

const files: Files = {
  exists: (file) => file in sources,
  read: (file) => sources[file] ?? '',
  decisions: () => ['0018-spec-conformance.md'],
};
const sources: Record<string, string> = {
  'apps/web/src/lib/format.ts': 'export function formatCount() {}',
  'apps/web/src/lib/format.test.ts': "it('counts under 10000 as N次', () => {});",
};

const table = (...rows: string[]) =>
  ['| ID | Rule | Implemented in | Checked by | Status |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
const done =
  '| 9.9 | Count display | `apps/web/src/lib/format.ts` | `apps/web/src/lib/format.test.ts` › “counts under 10000” | done |';

describe('check:spec', () => {
  it('passes rows whose files and tests exist, and counts the statuses', () => {
    const summary = checkConformance(
      table(
        done,
        '| 4.1 | Location check | — | — | not yet (#19) |',
        '| 3.1 | Blank pieces | `apps/web/src/lib/format.ts` | — | deviates on purpose: markers (ADR 0018) |',
      ),
      files,
    );
    expect(summary.problems).toEqual([]);
    expect(summary).toMatchObject({ rows: 3, byStatus: { done: 1, deviates: 1, 'not yet': 1 } });
  });

  it('fails a row that names a file that is gone', () => {
    const summary = checkConformance(
      table(done.replace('lib/format.ts`', 'lib/formatting.ts`')),
      files,
    );
    expect(summary.problems).toEqual([
      {
        line: 3,
        message: 'row 9.9: implemented in `apps/web/src/lib/formatting.ts`, which does not exist',
      },
    ]);
  });

  it('fails a row whose test was renamed or removed', () => {
    const summary = checkConformance(table(done.replace('counts under', 'shows under')), files);
    expect(summary.problems[0]?.message).toBe(
      'row 9.9: test “shows under 10000” is not in `apps/web/src/lib/format.test.ts`',
    );
  });

  it('fails a done row without a test, an unknown status and a missing ADR', () => {
    const summary = checkConformance(
      table(
        '| 1.1 | A | `apps/web/src/lib/format.ts` | — | done |',
        '| 1.2 | B | — | — | maybe |',
        '| 1.3 | C | — | — | deviates on purpose (ADR 0099) |',
        '| 1.4 | D | — | — | not yet |',
      ),
      files,
    );
    expect(summary.problems.map((problem) => problem.message)).toEqual([
      'row 1.1: is done but names no test',
      'row 1.2: status “maybe” is not done / deviates on purpose (… ADR NNNN) / not yet (#issue …)',
      'row 1.3: cites ADR 0099, which is not in docs/decisions',
      'row 1.4: status “not yet” is not done / deviates on purpose (… ADR NNNN) / not yet (#issue …)',
    ]);
  });
});
