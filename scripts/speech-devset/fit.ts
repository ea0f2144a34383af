/**
 * What the speaking constants are fitted on (issue 15): word penalties of the development set's
 * readings, decoded by `npm run bench:speech-verify` (its results files keep the engine's
 * outcomes), by kind of word — correct, substituted, omitted, their neighbours — and per clip.
 * Only the tuning voices are read unless told otherwise: the held-out ones check the fit.
 *
 * `--measure=gop` reads each word's goodness of pronunciation (aligned minus free phone decode,
 * issue 15) instead of its penalty; words the reading grammar skipped have neither and are counted
 * apart.
 *
 *   node --import tsx scripts/speech-devset/fit.ts [--labels=results,…] [--split=tuning|held-out|all]
 *     [--measure=penalty|gop]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scoringProfiles } from '@ninety/contract';
import type { EngineOutcome } from '@ninety/scoring';
import { matchWords } from '../../packages/scoring/src/speaking/traits';
import { alignReference, recognisedWords } from '../../packages/scoring/src/speaking/words';
import { defaultOut, loadItem, referenceOf, type Clip } from './generate';

const rubric = scoringProfiles['pte-2025-08'].speaking;
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const labels = (arg('labels') ?? 'results').split(',');
const split = arg('split') ?? 'tuning';
const set = path.resolve(arg('set') ?? defaultOut);
const measure = arg('measure') ?? 'penalty';

interface Stored {
  clip: Clip;
  outcome?: EngineOutcome;
}
const rows = labels.flatMap(
  (label) => JSON.parse(readFileSync(path.join(set, `${label}.json`), 'utf8')) as Stored[],
);
const item = loadItem;

interface WordRow {
  penalty: number;
  meanFrames: number;
  kind: 'ok' | 'sub' | 'omit';
  variant: string;
}
interface ClipRow {
  variant: string;
  voice: string;
  /** Share of words with a penalty of at least 3, 4, 5 nats/frame. */
  above: number[];
}
const words: WordRow[] = [];
const clips: ClipRow[] = [];
/** Words the reading grammar skipped (no phones), by kind and variant. */
const skipped = new Map<string, number>();
const thresholds = measure === 'gop' ? [-1, -0.5, 0, 0.5, 1] : [3, 4, 5, 6, 7];
for (const row of rows) {
  if (split !== 'all' && row.clip.split !== split) continue;
  if (!(row.clip.type === 'RA' || row.clip.type === 'RS') || !row.outcome?.ok) continue;
  const scored = alignReference(referenceOf(item(row.clip.itemId)), row.outcome.alignment, rubric);
  if (!scored) continue;
  const valueOf = (word: (typeof scored)[number]) =>
    measure === 'gop' ? word.gop : word.phones.length > 0 ? word.penalty : undefined;
  scored.forEach((word, i) => {
    const kind = (row.clip.substituted ?? []).includes(i)
      ? 'sub'
      : (row.clip.omitted ?? []).includes(i)
        ? 'omit'
        : 'ok';
    const value = valueOf(word);
    if (value === undefined) {
      const key = `${kind} (${row.clip.variant})`;
      skipped.set(key, (skipped.get(key) ?? 0) + 1);
      return;
    }
    const frames = word.phones.map((phone) => phone.frames);
    words.push({
      penalty: value,
      meanFrames: frames.reduce((a, b) => a + b, 0) / Math.max(frames.length, 1),
      kind,
      variant: row.clip.variant,
    });
  });
  clips.push({
    variant: row.clip.variant,
    voice: row.clip.voice,
    above: thresholds.map(
      (limit) =>
        scored.filter((word) => word.omitted || (valueOf(word) ?? Infinity) >= limit).length /
        scored.length,
    ),
  });
}

const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN).toFixed(2);
};
const groups = new Map<string, number[]>();
for (const word of words) {
  const group =
    word.kind === 'sub'
      ? `substituted (${word.variant})`
      : word.kind === 'omit'
        ? 'omitted'
        : word.variant === 'correct' || word.variant === 'noise15' || word.variant === 'off-topic'
          ? word.variant
          : word.variant.startsWith('sub-') || word.variant === 'omitted'
            ? `neighbours in ${word.variant}`
            : null;
  if (group) groups.set(group, [...(groups.get(group) ?? []), word.penalty]);
}
console.log(`word ${measure} (nats/frame), ${split} part of ${labels.join(', ')}`);
for (const [group, values] of groups) {
  const q = [0.05, 0.1, 0.5, 0.9, 0.95, 0.98].map((share) => quantile(values, share));
  console.log(
    `  ${group.padEnd(32)} n=${String(values.length).padEnd(5)} p5/p10/p50/p90/p95/p98 ${q.join(' / ')}`,
  );
}
for (const kind of ['omit', 'ok'] as const) {
  const list = words.filter((word) =>
    kind === 'omit' ? word.kind === 'omit' : word.variant === 'correct',
  );
  const frames = [3, 3.5, 4, 5].map(
    (limit) => `≤${limit}: ${list.filter((word) => word.meanFrames <= limit).length}`,
  );
  console.log(
    `  mean frames per phone, ${kind === 'omit' ? 'omitted' : 'correct'} words (${list.length}): ${frames.join(', ')}`,
  );
}
console.log(
  `  skipped by the reading grammar: ${[...skipped].map(([k, n]) => `${k} ${n}`).join(', ')}`,
);
console.log(
  `share of a reading's words omitted or with ${measure} ≥ ${thresholds.join(' / ')}, per variant (min–max over clips)`,
);
for (const variant of [...new Set(clips.map((clip) => clip.variant))]) {
  const list = clips.filter((clip) => clip.variant === variant);
  const ranges = [0, 1, 2, 3, 4].map((k) => {
    const values = list.map((clip) => clip.above[k] ?? 0);
    return `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  });
  console.log(`  ${variant.padEnd(14)} ${ranges.join('  ')}`);
}

/*
 * Open answers: the keyword words the grammar decoded, said (in the answer's text) or invented,
 * by penalty; what recognisedMaxPenalty is fitted on.
 */
const said: number[] = [];
const invented: number[] = [];
for (const row of rows) {
  if (split !== 'all' && row.clip.split !== split) continue;
  if (row.clip.type === 'RA' || row.clip.type === 'RS' || !row.outcome?.ok) continue;
  const current = item(row.clip.itemId);
  if (!('keyPoints' in current.key)) continue;
  const keywordWords = new Set(
    current.key.keyPoints.flatMap((point) => point.keywords.flatMap((kw) => matchWords(kw))),
  );
  const spoken = new Set(matchWords(row.clip.spoken));
  for (const word of recognisedWords(row.outcome.alignment, rubric) ?? []) {
    if (!keywordWords.has(word.normal)) continue;
    (spoken.has(word.normal) ? said : invented).push(word.penalty);
  }
}
if (said.length + invented.length > 0) {
  console.log(
    'keyword words decoded in open answers, penalty p10/p50/p90 and share under 4 / 5 / 6 / 8 / 10',
  );
  for (const [name, values] of [
    ['said', said],
    ['invented', invented],
  ] as const) {
    const under = [4, 5, 6, 8, 10].map((limit) =>
      (values.filter((v) => v < limit).length / Math.max(values.length, 1)).toFixed(2),
    );
    console.log(
      `  ${name.padEnd(9)} n=${String(values.length).padEnd(5)} ${[0.1, 0.5, 0.9].map((s) => quantile(values, s)).join(' / ')}   ${under.join(' / ')}`,
    );
  }
}
