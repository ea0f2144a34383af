/**
 * Learner-error figures (issue 17): detection recall on the development set's erroneous sentences
 * and false alarms on their corrections, per category and overall, for the tuning part and the
 * held-out third apart. "Detected" means at least one grammar or vocabulary finding (agreement,
 * grammar, word order, word choice; not spelling, not style) — the same findings the traits count.
 *
 * Run with `npm run bench:learner-errors -- [harper|all]`: `harper` asks the Harper grammar checker
 * alone (the figures before the learner-error layer); `all` (default) counts what the language
 * tools return now (Harper and the learner rules, a finding of both counted once).
 */
import { readFileSync } from 'node:fs';
import { createLanguageTools } from '@ninety/scoring/language-tools';
import { LocalLinter } from 'harper.js';
import { binary } from 'harper.js/binary';
import {
  falseAlarmRateOf,
  measureDevSet,
  parseDevSet,
  recallOf,
  type DevSetFigures,
} from '../packages/scoring/src/writing/learner-errors/dev-set';
import {
  grammarIssues,
  vocabularyIssues,
  type LanguageCheck,
} from '../packages/scoring/src/writing/language-check';

const pct = (value: number) => `${(value * 100).toFixed(1).padStart(5)} %`;

function print(title: string, figures: DevSetFigures) {
  console.log(`\n${title}`);
  console.log('category          recall (hit/n)        false alarms (n/of)');
  const rows = Object.entries(figures.byCategory).sort(([a], [b]) => a.localeCompare(b));
  for (const [category, tally] of [...rows, ['OVERALL', figures.overall] as const]) {
    const recall =
      tally.erroneous > 0 ? `${pct(recallOf(tally))} (${tally.detected}/${tally.erroneous})` : '—';
    console.log(
      `${category.padEnd(17)} ${recall.padEnd(21)} ${pct(falseAlarmRateOf(tally))} (${tally.falseAlarms}/${tally.corrected})`,
    );
  }
}

async function main() {
  const mode = process.argv[2] ?? 'all';
  const sentences = parseDevSet(
    readFileSync(
      new URL('../packages/scoring/src/writing/learner-errors/dev-set.txt', import.meta.url),
      'utf8',
    ),
  );
  const tools = mode === 'harper' ? undefined : await createLanguageTools();
  const linter = tools ? undefined : new LocalLinter({ binary });
  await linter?.setup();
  const checkOf = async (sentence: string): Promise<LanguageCheck> => {
    if (tools) return tools.check(sentence);
    // Harper alone, its lints read as the language tools read them.
    const lints = await linter!.lint(sentence, { language: 'plaintext' });
    const issues = lints.map((lint) => ({
      start: lint.span().start,
      end: lint.span().end,
      text: '',
      kind: lint.lint_kind(),
      message: lint.message(),
    }));
    return { misspellings: [], issues };
  };
  const flags = async (sentence: string) => {
    const check = await checkOf(sentence);
    return [...grammarIssues(check), ...vocabularyIssues(check)].length > 0;
  };
  const started = performance.now();
  const tuning = await measureDevSet(
    sentences.filter((sentence) => !sentence.heldOut),
    flags,
  );
  const heldOut = await measureDevSet(
    sentences.filter((sentence) => sentence.heldOut),
    flags,
  );
  const checks =
    tuning.overall.erroneous +
    tuning.overall.corrected +
    heldOut.overall.erroneous +
    heldOut.overall.corrected;
  console.log(
    `mode ${mode}: ${sentences.length} sentences, ${checks} checks, ${((performance.now() - started) / checks).toFixed(2)} ms per check`,
  );
  print('TUNING (two thirds)', tuning);
  print('HELD OUT (every third sentence, not used while writing the rules)', heldOut);
}

await main();
