/**
 * Issue 15's targets on the development set (scripts/speech-devset/generate.ts), on the tuning
 * voices and on the held-out ones, per synthesis engine. Every clip is scored as the server
 * scores a recording (speechRecordingScorer on the worker pool: WAV → engine → scoreSpeaking).
 * Figures only: nothing here passes or fails. Per-clip results are written beside the set
 * (results.json) so constants can be refitted on the tuning part without decoding again.
 *
 *   node --import tsx scripts/speech-devset/generate.ts       # once: ~660 clips in $TMPDIR
 *   npm run bench:speech-verify [-- --set=DIR --voices=a,b --workers=2 --by=voice]
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  CURRENT_SCORING_PROFILE,
  ItemSchema,
  type AttemptResult,
  type Item,
} from '@ninety/contract';
import type { EngineOutcome } from '@ninety/scoring';
import type { SpeechEngine } from '../apps/server/src/adapters/speech/engine';
import { SpeechWorkerPool } from '../apps/server/src/adapters/speech/speech-worker-pool';
import { speechRecordingScorer } from '../apps/server/src/modules/attempts/recording-scorer';
import { defaultOut, type Clip } from '../scripts/speech-devset/generate';

const root = path.resolve(import.meta.dirname, '..');

/** What the bench keeps of one scored clip. */
export interface Scored {
  clip: Clip;
  unscored: boolean;
  /** Content trait score / max. */
  content: number;
  fluency: number;
  wpm: number;
  /** Per reference word (reading items): 0–5 score and verdict. */
  words: { score: number; type: string }[];
  /** Open items: indices of key points covered. */
  covered: number[];
  ms: number;
  audioSeconds: number;
  /** What the engine returned, so the scorers can be rerun without decoding again. */
  outcome?: EngineOutcome;
}

/** The engine as the scorer calls it, keeping the last outcome it handed back. */
function recording(engine: SpeechEngine): SpeechEngine & { last: EngineOutcome | undefined } {
  const wrapper = {
    last: undefined as EngineOutcome | undefined,
    keep: async (outcome: Promise<EngineOutcome>) => (wrapper.last = await outcome),
  };
  return Object.assign(wrapper, {
    align: (samples: Float32Array, text: string, options?: object) =>
      wrapper.keep(engine.align(samples, text, options)),
    spotKeywords: (samples: Float32Array, keywords: readonly string[], options?: object) =>
      wrapper.keep(engine.spotKeywords(samples, keywords, options)),
    matchAnswers: (samples: Float32Array, answers: readonly string[], options?: object) =>
      wrapper.keep(engine.matchAnswers(samples, answers, options)),
    warmUp: () => engine.warmUp(),
    close: () => engine.close(),
  });
}

/** An engine that hands back a stored outcome: the scorers rerun on decoded clips. */
function replaying(outcome: EngineOutcome): SpeechEngine {
  const answer = () => Promise.resolve(outcome);
  return {
    align: answer,
    spotKeywords: answer,
    matchAnswers: answer,
    warmUp: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

function loadItem(id: string): Item {
  const dir = id.split('-')[0] ?? '';
  return ItemSchema.parse(
    parse(readFileSync(path.join(root, 'content/items', dir, `${id}.yaml`), 'utf8')),
  );
}

function summarise(clip: Clip, result: AttemptResult, ms: number, bytes: number): Scored {
  if (result.kind !== 'speech') throw new Error('not a speech result');
  const content = result.traits.find(
    (trait) => trait.trait !== 'pronunciation' && trait.trait !== 'fluency',
  );
  const fluency = result.traits.find((trait) => trait.trait === 'fluency');
  return {
    clip,
    unscored: Boolean(result.unscored),
    content: content && content.max > 0 ? content.score / content.max : 0,
    fluency: fluency?.score ?? 0,
    wpm: result.wpm,
    words: result.syllables.map((syllable) => ({
      score: syllable.omitted ? 0 : syllable.score,
      type: syllable.type,
    })),
    covered: (content?.keyPoints ?? []).flatMap((point, index) => (point.covered ? [index] : [])),
    ms,
    audioSeconds: (bytes - 44) / 32_000,
  };
}

/* ---------- metrics ---------- */

/**
 * Read correctly: neither omitted nor a content error. Before issue 15 the colours did not follow
 * the content count; a score above 10 of 90 (under the penalty B) was the content rule then.
 */
const legacyContentRule = process.argv.includes('--legacy-content-rule');
const readCorrectly = (word: { score: number; type: string }) =>
  word.type !== 'omitted' &&
  (legacyContentRule ? word.score > 10 / 18 + 1e-9 : word.type !== 'bad');

function auc(positives: number[], negatives: number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += n > p ? 1 : n === p ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

interface Ratio {
  hit: number;
  of: number;
}
const ratio = (pairs: boolean[]): Ratio => ({
  hit: pairs.filter(Boolean).length,
  of: pairs.length,
});
const pct = (r: Ratio) =>
  r.of === 0
    ? '   –  '
    : `${((100 * r.hit) / r.of).toFixed(0).padStart(3)}% ${`${r.hit}/${r.of}`.padEnd(7)}`;

type Row = [label: string, target: string, cell: (group: Scored[]) => string];

function byKey(group: Scored[]): Map<string, Scored> {
  return new Map(group.map((s) => [`${s.clip.voice}|${s.clip.itemId}|${s.clip.variant}`, s]));
}
function pairsOf(group: Scored[], variant: string): [Scored, Scored][] {
  const index = byKey(group);
  return group
    .filter((s) => s.clip.variant === variant)
    .flatMap((s) => {
      const correct = index.get(
        `${s.clip.voice}|${s.clip.itemId}|${s.clip.type === 'RA' || s.clip.type === 'RS' ? 'correct' : 'full'}`,
      );
      return correct ? [[correct, s] as [Scored, Scored]] : [];
    });
}
const reading = (group: Scored[]) =>
  group.filter((s) => s.clip.type === 'RA' || s.clip.type === 'RS');
const openOnes = (group: Scored[]) =>
  group.filter((s) => !(s.clip.type === 'RA' || s.clip.type === 'RS'));
const isSub = (s: Scored) => s.clip.variant.startsWith('sub-');

const ROWS: Row[] = [
  [
    'content(correct) > content(substituted)',
    '≥95%',
    (g) =>
      pct(
        ratio(
          pairsOf(reading(g), 'sub-unrelated')
            .concat(pairsOf(reading(g), 'sub-similar'))
            .map(([c, s]) => c.content > s.content),
        ),
      ),
  ],
  [
    'content(correct) > content(omitted)',
    '≥95%',
    (g) => pct(ratio(pairsOf(reading(g), 'omitted').map(([c, s]) => c.content > s.content))),
  ],
  [
    'substituted words below every correct word of clip',
    '≥90%',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => isSub(s) && !s.unscored && (s.clip.substituted ?? []).length > 0)
            .map((s) => {
              const subs = new Set(s.clip.substituted);
              const bad = s.words.filter((_, i) => subs.has(i)).map((w) => w.score);
              const good = s.words.filter((_, i) => !subs.has(i)).map((w) => w.score);
              return Math.max(...bad) < Math.min(...good);
            }),
        ),
      ),
  ],
  [
    'substituted words flagged as content errors',
    '',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => isSub(s) && !s.unscored)
            .flatMap((s) =>
              (s.clip.substituted ?? []).map(
                (i) => s.words[i] !== undefined && !readCorrectly(s.words[i]),
              ),
            ),
        ),
      ),
  ],
  [
    'omitted words all marked 没有听到',
    '≥90%',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => s.clip.variant === 'omitted' && !s.unscored)
            .map((s) => (s.clip.omitted ?? []).every((i) => s.words[i]?.type === 'omitted')),
        ),
      ),
  ],
  [
    'omitted words the lowest of their clip',
    '',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => s.clip.variant === 'omitted' && !s.unscored)
            .map((s) => {
              const gone = new Set(s.clip.omitted);
              const low = Math.max(...s.words.filter((_, i) => gone.has(i)).map((w) => w.score));
              return s.words.every((w, i) => gone.has(i) || w.score > low);
            }),
        ),
      ),
  ],
  [
    'off-topic ≤ 20% of correct content',
    '100%',
    (g) =>
      pct(ratio(pairsOf(reading(g), 'off-topic').map(([c, s]) => s.content <= 0.2 * c.content))),
  ],
  ['word AUC substitutions', '≥0.97', (g) => wordAuc(g, 'sub')],
  ['word AUC omissions', '≥0.97', (g) => wordAuc(g, 'omitted')],
  [
    'correct readings: words read correctly',
    '≥95%',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => s.clip.variant === 'correct')
            .flatMap((s) => s.words.map(readCorrectly)),
        ),
      ),
  ],
  [
    'noisy (15 dB) readings: words read correctly',
    '',
    (g) =>
      pct(
        ratio(
          reading(g)
            .filter((s) => s.clip.variant === 'noise15')
            .flatMap((s) => s.words.map(readCorrectly)),
        ),
      ),
  ],
  [
    'rate: wpm slow < correct < fast',
    '100%',
    (g) => {
      const index = byKey(g);
      return pct(
        ratio(
          reading(g)
            .filter((s) => s.clip.variant === 'correct')
            .map((s) => {
              const slow = index.get(`${s.clip.voice}|${s.clip.itemId}|slow`);
              const fast = index.get(`${s.clip.voice}|${s.clip.itemId}|fast`);
              return Boolean(slow && fast && slow.wpm < s.wpm && s.wpm < fast.wpm);
            }),
        ),
      );
    },
  ],
  [
    'pauses: fluency(pauses) < fluency(correct)',
    '100%',
    (g) => pct(ratio(pairsOf(reading(g), 'pauses').map(([c, s]) => s.fluency < c.fluency))),
  ],
  [
    'silence: no speech (unscored)',
    '100%',
    (g) => pct(ratio(g.filter((s) => s.clip.variant === 'silence').map((s) => s.unscored))),
  ],
  [
    'open: content full > half > template',
    '≥95%',
    (g) => {
      const index = byKey(g);
      return pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant === 'full')
            .map((s) => {
              const half = index.get(`${s.clip.voice}|${s.clip.itemId}|half`);
              const template = index.get(`${s.clip.voice}|${s.clip.itemId}|template`);
              return Boolean(
                half && template && s.content > half.content && half.content > template.content,
              );
            }),
        ),
      );
    },
  ],
  [
    'open: template ≤ 25% of max',
    '≥95%',
    (g) =>
      pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant === 'template')
            .map((s) => s.content <= 0.25),
        ),
      ),
  ],
  [
    'open: off-topic ≤ 25% of max',
    '≥95%',
    (g) =>
      pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant === 'off-topic')
            .map((s) => s.content <= 0.25),
        ),
      ),
  ],
  [
    'open: key points of full answers found',
    '≥90%',
    (g) =>
      pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant === 'full')
            .flatMap((s) => (s.clip.pointsSaid ?? []).map((i) => s.covered.includes(i))),
        ),
      ),
  ],
  [
    'open: key points found never said',
    '≤5%',
    (g) =>
      pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant !== 'silence')
            .flatMap((s) => s.covered.map((i) => !(s.clip.pointsSaid ?? []).includes(i))),
        ),
      ),
  ],
  [
    'open: fluent (full) answers ≥ 4/5 fluency',
    '≥95%',
    (g) =>
      pct(
        ratio(
          openOnes(g)
            .filter((s) => s.clip.variant === 'full')
            .map((s) => s.fluency >= 4),
        ),
      ),
  ],
  [
    'decode s per audio s (reading / open)',
    '',
    (g) => {
      const rtf = (list: Scored[]) =>
        list.reduce((sum, s) => sum + s.ms / 1000, 0) /
        Math.max(
          list.reduce((sum, s) => sum + s.audioSeconds, 0),
          1e-9,
        );
      return `${rtf(reading(g)).toFixed(2)} / ${rtf(openOnes(g)).toFixed(2)}`;
    },
  ],
];

function wordAuc(group: Scored[], kind: 'sub' | 'omitted'): string {
  const negatives = reading(group)
    .filter((s) => s.clip.variant === 'correct')
    .flatMap((s) => s.words.map((w) => w.score));
  const positives = reading(group)
    .filter((s) => (kind === 'sub' ? isSub(s) : s.clip.variant === 'omitted') && !s.unscored)
    .flatMap((s) =>
      ((kind === 'sub' ? s.clip.substituted : s.clip.omitted) ?? []).map(
        (i) => s.words[i]?.score ?? 0,
      ),
    );
  const value = auc(positives, negatives);
  return Number.isNaN(value) ? '   –  ' : `${value.toFixed(3)} (${positives.length})`;
}

export function printReport(results: Scored[]): void {
  for (const split of ['tuning', 'held-out'] as const) {
    const part = results.filter((s) => s.clip.split === split);
    if (part.length === 0) continue;
    // --by=voice: a column per voice instead of per engine (does one voice carry a figure?).
    const byVoice = process.argv.includes('--by=voice');
    const keyOf = (s: Scored) => (byVoice ? s.clip.voice : s.clip.engine);
    const engines = [...new Set(part.map(keyOf))];
    const groups: [string, Scored[]][] = [
      [`all ${split}`, part],
      ...engines.map((engine): [string, Scored[]] => [
        engine,
        part.filter((s) => keyOf(s) === engine),
      ]),
    ];
    const voices = [...new Set(part.map((s) => s.clip.voice))].join(', ');
    console.log(`\n${split}: ${part.length} clips, voices ${voices}`);
    console.log(
      `${'metric'.padEnd(52)} ${'target'.padEnd(6)} ${groups.map(([name]) => name.padEnd(16)).join(' ')}`,
    );
    for (const [label, target, cell] of ROWS) {
      console.log(
        `${label.padEnd(52)} ${target.padEnd(6)} ${groups.map(([, g]) => cell(g).padEnd(16)).join(' ')}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const arg = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const set = path.resolve(arg('set') ?? defaultOut);
  const manifestFile = path.join(set, 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.log(
      `speech verify: no development set in ${set} (run scripts/speech-devset/generate.ts)`,
    );
    return;
  }
  const only = arg('voices')?.split(',');
  const label = arg('label') ?? 'results';
  if (process.argv.includes('--report-only')) {
    // Several labels (comma-separated) are reported together: runs split by voice or kind.
    printReport(
      label
        .split(',')
        .flatMap(
          (name) => JSON.parse(readFileSync(path.join(set, `${name}.json`), 'utf8')) as Scored[],
        ),
    );
    return;
  }
  const rescore = arg('rescore');
  if (rescore) {
    // The scorers as they are now, on outcomes decoded by an earlier run: scoring-only changes
    // are measured in seconds, not an hour of decoding.
    // --rubric='{"contentErrorPenalty":7}' tries constants without editing the profile.
    const override = arg('rubric');
    if (override) Object.assign(CURRENT_SCORING_PROFILE.speaking, JSON.parse(override));
    // A clip in several labels is taken from the last: a partial re-decode listed after the
    // full one replaces its clips.
    const byClip = new Map<string, Scored>();
    for (const name of rescore.split(','))
      for (const old of JSON.parse(
        readFileSync(path.join(set, `${name}.json`), 'utf8'),
      ) as Scored[])
        byClip.set(old.clip.file, old);
    const earlier = [...byClip.values()];
    const results: Scored[] = [];
    for (const old of earlier) {
      if (!old.outcome) continue;
      const wav = readFileSync(path.join(set, old.clip.file));
      const { result } = await speechRecordingScorer(replaying(old.outcome)).score(
        loadItem(old.clip.itemId),
        wav,
      );
      results.push({ ...summarise(old.clip, result, old.ms, wav.length), outcome: old.outcome });
    }
    console.log(`speech verify: ${results.length} clips rescored from ${rescore}.json`);
    printReport(results);
    return;
  }
  const clips = (JSON.parse(readFileSync(manifestFile, 'utf8')) as Clip[])
    .filter((clip) => !only || only.includes(clip.voice))
    // --items=a,b: only those items (the ones a grown set added).
    .filter((clip) => !arg('items') || (arg('items') ?? '').split(',').includes(clip.itemId))
    // --kinds=reading (RA, RS) or open (DI, RL, RTS, SGD): open answers cost ten times more.
    .filter((clip) => {
      const kinds = arg('kinds');
      const isReading = clip.type === 'RA' || clip.type === 'RS';
      return !kinds || kinds === (isReading ? 'reading' : 'open');
    })
    // --variants=correct,sub-unrelated: only those kinds of clip (an engine change tried on the
    // clips it should move first).
    .filter((clip) => !arg('variants') || (arg('variants') ?? '').split(',').includes(clip.variant))
    // In the order the voices were asked for, so a run cut short covers the first ones.
    .sort((a, b) => (only ? only.indexOf(a.voice) - only.indexOf(b.voice) : 0));
  const workers = Number(arg('workers') ?? os.availableParallelism());
  const engine = new SpeechWorkerPool({
    workers,
    // --no-alternatives: readings searched on their words alone (before issue 15's competitors).
    readingAlternatives: !process.argv.includes('--no-alternatives'),
    // --competitor-weight=1e-4, --competitor-rank=50000: another competitors' prior, or another
    // limit on how common a competing word must be, tried without changing the server's.
    ...(arg('competitor-weight') || arg('competitor-rank')
      ? {
          competitorTrial: {
            ...(arg('competitor-weight') ? { weight: Number(arg('competitor-weight')) } : {}),
            ...(arg('competitor-rank') ? { maxRank: Number(arg('competitor-rank')) } : {}),
          },
        }
      : {}),
    // --decoder='{"ds":2}': more settings for the main decoder (the reading's and the keyword
    // search), tried without changing the server's.
    ...(arg('decoder')
      ? { decoderTrial: JSON.parse(arg('decoder') ?? '{}') as Record<string, number> }
      : {}),
    jobTimeoutMs: 600_000,
    recycleAfterJobs: 200,
    maxWorkerMb: 1024,
  });
  const items = new Map<string, Item>();
  const results: Scored[] = [];
  const started = performance.now();
  try {
    await engine.whenReady();
    let next = 0;
    const run = async () => {
      while (next < clips.length) {
        const clip = clips[next++];
        if (!clip) break;
        const item = items.get(clip.itemId) ?? loadItem(clip.itemId);
        items.set(clip.itemId, item);
        const wav = readFileSync(path.join(set, clip.file));
        const t0 = performance.now();
        const kept = recording(engine);
        const { result } = await speechRecordingScorer(kept).score(item, wav);
        results.push({
          ...summarise(clip, result, performance.now() - t0, wav.length),
          ...(kept.last ? { outcome: kept.last } : {}),
        });
        if (results.length % 10 === 0) {
          // Kept as it goes: a run cut short still reports what it decoded.
          writeFileSync(path.join(set, `${label}.json`), JSON.stringify(results));
          console.error(
            `  ${results.length}/${clips.length} clips, ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, run));
  } finally {
    await engine.close();
  }
  writeFileSync(path.join(set, `${label}.json`), JSON.stringify(results));
  console.log(
    `speech verify: ${results.length} clips scored in ${((performance.now() - started) / 1000).toFixed(0)} s on ${workers} workers`,
  );
  printReport(results);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
