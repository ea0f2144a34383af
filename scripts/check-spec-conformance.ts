/**
 * `npm run check:spec`: every row of docs/spec-conformance.md still points at something real.
 * A row is `| id | rule | implemented in | checked by | status |`; this fails when a row names a
 * file that does not exist, a test name that is not in its file, or a status that is not one of
 * done / deviates on purpose (ADR) / not yet (#issue). Reads files only: no test is run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Files {
  exists(file: string): boolean;
  read(file: string): string;
  /** Names in docs/decisions, for the ADRs a deviation cites. */
  decisions(): string[];
}

export interface Problem {
  line: number;
  message: string;
}

export interface Summary {
  rows: number;
  byStatus: Record<'done' | 'deviates' | 'not yet', number>;
  problems: Problem[];
}

const ROW_ID = /^\d+\.\d+[a-z]?$/;
const PATH = /`([^`\s]+\/[^`\s]+\.[a-z]+)`/g;
const TEST_REF = /^`([^`]+)`\s*›\s*“([^”]+)”$/;

export function checkConformance(markdown: string, files: Files): Summary {
  const problems: Problem[] = [];
  const byStatus = { done: 0, deviates: 0, 'not yet': 0 };
  const seen = new Set<string>();
  const contents = new Map<string, string>();
  const read = (file: string) => {
    let text = contents.get(file);
    if (text === undefined) {
      text = files.read(file);
      contents.set(file, text);
    }
    return text;
  };
  let rows = 0;

  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (!text.startsWith('|')) return;
    const cells = text
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const [id = '', , implemented = '', checkedBy = '', status = ''] = cells;
    if (!ROW_ID.test(id)) return;
    rows += 1;
    const problem = (message: string) => problems.push({ line, message: `row ${id}: ${message}` });
    if (cells.length !== 5) return problem(`has ${cells.length} cells, not 5`);
    if (seen.has(id)) problem('the id is used twice');
    seen.add(id);

    const sources = [...implemented.matchAll(PATH)].map((match) => match[1]!);
    for (const file of sources) {
      if (!files.exists(file)) problem(`implemented in \`${file}\`, which does not exist`);
    }

    let tests = 0;
    const references = checkedBy === '—' ? [] : checkedBy.split(/\s*;\s*(?=`)/).filter(Boolean);
    for (const reference of references) {
      const match = TEST_REF.exec(reference);
      if (!match) {
        problem(`cannot read the test reference ${reference} (write \`file\` › “test name”)`);
        continue;
      }
      const [, file = '', name = ''] = match;
      if (!files.exists(file)) {
        problem(`checked by \`${file}\`, which does not exist`);
      } else if (!read(file).includes(name)) {
        problem(`test “${name}” is not in \`${file}\``);
      } else {
        tests += 1;
      }
    }

    if (status === 'done') {
      byStatus.done += 1;
      if (sources.length === 0) problem('is done but names no file that implements it');
      if (tests === 0 && references.length === 0) problem('is done but names no test');
    } else if (status.startsWith('deviates on purpose')) {
      byStatus.deviates += 1;
      const adr = /ADR (\d{4})/.exec(status)?.[1];
      if (!adr) problem('deviates but cites no ADR (ADR NNNN)');
      else if (!files.decisions().some((name) => name.startsWith(`${adr}-`))) {
        problem(`cites ADR ${adr}, which is not in docs/decisions`);
      }
    } else if (/^not yet \(#\d+/.test(status)) {
      byStatus['not yet'] += 1;
    } else {
      problem(
        `status “${status}” is not done / deviates on purpose (… ADR NNNN) / not yet (#issue …)`,
      );
    }
  });

  if (rows === 0) problems.push({ line: 0, message: 'no rows found' });
  return { rows, byStatus, problems };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const table = 'docs/spec-conformance.md';
  const files: Files = {
    exists: (file) => existsSync(path.join(root, file)),
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
    decisions: () => readdirSync(path.join(root, 'docs/decisions')),
  };
  const summary = checkConformance(files.read(table), files);
  for (const { line, message } of summary.problems) console.error(`${table}:${line} ${message}`);
  const { done, deviates } = summary.byStatus;
  const notYet = summary.byStatus['not yet'];
  if (summary.problems.length > 0) {
    console.error(
      `check:spec: ${summary.problems.length} stale or unreadable row(s) in ${table}; fix the row or the code it names.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(
    `check:spec: ${summary.rows} rules — ${done} done, ${deviates} deviate on purpose, ${notYet} not yet.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
