/**
 * The whole-answer check's evidence on the development set's open answers (issue 15): per clip,
 * the key points found with the margin each is under its limit, and what that makes of the
 * answer under candidate rules. Reads the outcomes `npm run bench:speech-verify` kept (no
 * decoding), so a rule is tried in seconds; fit on the tuning voices, read the held-out ones.
 *
 *   node --import tsx scripts/speech-devset/evidence.ts --labels=results,… [--set=DIR] [--each]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENT_SCORING_PROFILE, type Item } from '@ninety/contract';
import type { EngineOutcome } from '@ninety/scoring';
import { keyPointEvidence, withHeardLimit } from '../../packages/scoring/src/speaking/open-answers';
import { keywordContent } from '../../packages/scoring/src/speaking/traits';
import { recognisedWords } from '../../packages/scoring/src/speaking/words';
import { defaultOut, loadItem, type Clip } from './generate';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const set = path.resolve(arg('set') ?? defaultOut);
const labels = (arg('labels') ?? 'results').split(',');
const rubric = CURRENT_SCORING_PROFILE.speaking;

interface Stored {
  clip: Clip;
  outcome?: EngineOutcome;
}

export interface Evidence {
  clip: Clip;
  /** Margins (nats/frame under the limit) of the key points found, largest first. */
  margins: number[];
  points: number;
}

function evidenceOf(stored: Stored): Evidence | undefined {
  const { clip, outcome } = stored;
  if (!outcome?.ok || clip.type === 'RA' || clip.type === 'RS') return undefined;
  const item: Item = loadItem(clip.itemId);
  if (!('keyPoints' in item.key)) return undefined;
  const recognised = recognisedWords(outcome.alignment, rubric);
  if (!recognised) return undefined;
  const words = withHeardLimit(recognised, outcome.alignment, rubric);
  const heard = keywordContent(words, item.key.keyPoints, 6, rubric);
  const margins = heard.points.flatMap((point, index) => {
    if (!point.covered) return [];
    const only = heard.points.map((other, at) =>
      at === index ? other : { ...other, covered: false },
    );
    return [keyPointEvidence(words, only, rubric) ?? Number.NaN];
  });
  return { clip, margins: margins.sort((a, b) => b - a), points: item.key.keyPoints.length };
}

/** Candidate rules: true = a template or off-topic risk. */
const RULES: [string, (e: Evidence) => boolean][] = [
  ['sum < 1.5 (r7)', (e) => e.margins.length > 0 && sum(e.margins) < 1.5],
  ['one point < 1.5', (e) => e.margins.length === 1 && (e.margins[0] ?? 0) < 1.5],
  ['one point < 1', (e) => e.margins.length === 1 && (e.margins[0] ?? 0) < 1],
  [
    '≤ 1 point, or sum < 0.5',
    (e) => e.margins.length > 0 && (e.margins.length <= 1 || sum(e.margins) < 0.5),
  ],
  ['best < 1.0', (e) => e.margins.length > 0 && (e.margins[0] ?? 0) < 1.0],
  ['best < 0.8', (e) => e.margins.length > 0 && (e.margins[0] ?? 0) < 0.8],
];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function main(): void {
  const stored = labels.flatMap(
    (name) => JSON.parse(readFileSync(path.join(set, `${name}.json`), 'utf8')) as Stored[],
  );
  const all = stored.flatMap((s) => evidenceOf(s) ?? []);
  if (process.argv.includes('--each')) {
    for (const e of all.sort((a, b) =>
      `${a.clip.split}${a.clip.variant}${a.clip.voice}`.localeCompare(
        `${b.clip.split}${b.clip.variant}${b.clip.voice}`,
      ),
    )) {
      console.log(
        `${e.clip.split.padEnd(8)} ${e.clip.variant.padEnd(9)} ${e.clip.voice.padEnd(18)} ${e.clip.itemId.padEnd(9)} said ${(e.clip.pointsSaid ?? []).length}/${e.points} found ${e.margins.length}: ${e.margins.map((m) => m.toFixed(2)).join(' ')}`,
      );
    }
  }
  for (const split of ['tuning', 'held-out']) {
    const part = all.filter((e) => e.clip.split === split);
    if (part.length === 0) continue;
    console.log(`\n${split}: ${part.length} open clips`);
    for (const [name, rule] of RULES) {
      const flagged = (variant: string) => {
        const of = part.filter((e) => e.clip.variant === variant);
        return `${of.filter(rule).length}/${of.length}`;
      };
      console.log(
        `  ${name.padEnd(26)} risk: full ${flagged('full')}, half ${flagged('half')}, template ${flagged('template')}, off-topic ${flagged('off-topic')}`,
      );
    }
  }
}

main();
