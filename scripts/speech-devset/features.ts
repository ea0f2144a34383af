/**
 * Word measures of the development set's readings against each other (issue 15): which way of
 * judging a word against the free phones ranks substituted and omitted words below the correct
 * ones on the held-out voices, fitted on the tuning ones. Reads the outcomes `npm run
 * bench:speech-verify` kept (no decoding), so a measure is tried in seconds.
 *
 *   node --import tsx scripts/speech-devset/features.ts --labels=results,… [--set=DIR]
 *
 * Per measure and voice group: word AUC of substitutions against correct readings' words, the
 * share of substitution clips whose substitutes rank below every other word of the clip, and, at
 * the threshold that keeps 98 % of the tuning voices' correct words, the substitutes flagged and
 * the correct and noisy (15 dB) words kept, per engine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scoringProfiles } from '@ninety/contract';
import type { AlignedPhone, EngineOutcome } from '@ninety/scoring';
import { alignReference, type ScoredWord } from '../../packages/scoring/src/speaking/words';
import { defaultOut, loadItem, referenceOf, type Clip } from './generate';

// r5 judges a word by the mean of its phones and nothing against the clip: the raw measures.
const rubric = scoringProfiles['pte-2025-08-r5'].speaking;
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const set = path.resolve(arg('set') ?? defaultOut);
const labels = (arg('labels') ?? 'results').split(',');

interface Stored {
  clip: Clip;
  outcome?: EngineOutcome;
}
const item = loadItem;

const cost = (p: number) => -rubric.penaltyScale * Math.log(Math.max(p, rubric.penaltyFloorP));
function freeCost(free: readonly AlignedPhone[], start: number, end: number): number {
  let sum = 0;
  for (const phone of free) {
    const overlap = Math.min(end, phone.start + phone.duration) - Math.max(start, phone.start);
    if (overlap <= 0 || phone.duration <= 0) continue;
    sum += (cost(phone.p) * overlap) / phone.duration;
  }
  return sum;
}
/** Share of the phone's span the free decode labels with the same phone. */
function agreement(free: readonly AlignedPhone[], phone: AlignedPhone): number {
  let same = 0;
  for (const other of free) {
    if (other.phone.toUpperCase() !== phone.phone.toUpperCase()) continue;
    const overlap =
      Math.min(phone.start + phone.duration, other.start + other.duration) -
      Math.max(phone.start, other.start);
    if (overlap > 0) same += overlap;
  }
  return phone.duration > 0 ? same / phone.duration : 0;
}

interface WordRow {
  clip: Clip;
  index: number;
  kind: 'ok' | 'sub' | 'omit';
  /** Skipped by the grammar or omitted by the rule: worst on every measure. */
  gone: boolean;
  m: Record<string, number>;
  /** Each phone's goodness, in order. */
  per?: number[];
}

/** Each phone's goodness: (aligned cost − the free phones' cost of its frames) / frames. */
function phoneGoodness(word: ScoredWord, free: readonly AlignedPhone[]) {
  return word.phones
    .filter((phone) => phone.frames > 0)
    .map((phone) => ({
      phone: phone.phone.toUpperCase(),
      frames: phone.frames,
      g: (cost(phone.p) - freeCost(free, phone.start, phone.start + phone.duration)) / phone.frames,
    }));
}

/**
 * What each phone's goodness typically is in the tuning voices' correct readings (its median):
 * a context-independent free loop fits some phones (stops, schwas) worse than their aligned
 * triphones do by nature, so a word's worst phone is often one of those whatever was read.
 */
const typicalByPhone = new Map<string, number>();
{
  const byPhone = new Map<string, number[]>();
  for (const label of labels) {
    for (const row of JSON.parse(
      readFileSync(path.join(set, `${label}.json`), 'utf8'),
    ) as Stored[]) {
      if (row.clip.split !== 'tuning' || row.clip.variant !== 'correct' || !row.outcome?.ok)
        continue;
      const { alignment } = row.outcome;
      const scored = alignReference(referenceOf(item(row.clip.itemId)), alignment, rubric);
      if (!scored || !alignment.free) continue;
      for (const word of scored) {
        if (word.omitted) continue;
        for (const ph of phoneGoodness(word, alignment.free))
          byPhone.set(ph.phone, [...(byPhone.get(ph.phone) ?? []), ph.g]);
      }
    }
  }
  for (const [phone, values] of byPhone) {
    values.sort((a, b) => a - b);
    typicalByPhone.set(phone, values[Math.floor((values.length - 1) / 2)] ?? 0);
  }
  if (process.argv.includes('--print-phones'))
    console.log(
      [...typicalByPhone]
        .sort()
        .map(([phone, v]) => `${phone} ${v.toFixed(2)} (${byPhone.get(phone)?.length})`)
        .join(', '),
    );
}
const shrinkFrames = Number(arg('shrink') ?? 3);

function measures(word: ScoredWord, free: readonly AlignedPhone[]): Record<string, number> {
  const phones = word.phones.filter((phone) => phone.frames > 0);
  const per = phones.map(
    (phone) =>
      (cost(phone.p) - freeCost(free, phone.start, phone.start + phone.duration)) / phone.frames,
  );
  const pg = phoneGoodness(word, free);
  // The worst phone against what that phone typically scores; and with few frames shrunk
  // towards it (a 3-frame phone's goodness per frame is noisy).
  const gopMaxPh = Math.max(...pg.map((ph) => ph.g - (typicalByPhone.get(ph.phone) ?? 0)));
  const gopMaxPhS = Math.max(
    ...pg.map(
      (ph) =>
        ((ph.g - (typicalByPhone.get(ph.phone) ?? 0)) * ph.frames) / (ph.frames + shrinkFrames),
    ),
  );
  const gopMaxS = Math.max(...pg.map((ph) => (ph.g * ph.frames) / (ph.frames + shrinkFrames)));
  // The worst phone of those longer than the shortest the aligner makes: a vowel squeezed to the
  // minimum is often one a voice reduced or left out ("many" as M N IY, "workin'").
  const minFrames = Number(arg('min-frames') ?? 3);
  const longer = pg.filter((ph) => ph.frames > minFrames);
  const gopMaxL =
    longer.length > 0 ? Math.max(...longer.map((ph) => ph.g)) : Math.max(...pg.map((ph) => ph.g));
  const vowels = /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)$/;
  const keptV = pg.filter((ph) => ph.frames > minFrames || !vowels.test(ph.phone));
  const gopMaxLV =
    keptV.length > 0 ? Math.max(...keptV.map((ph) => ph.g)) : Math.max(...pg.map((ph) => ph.g));
  const frames = phones.reduce((sum, phone) => sum + phone.frames, 0);
  const total =
    phones.reduce(
      (sum, phone) =>
        sum + cost(phone.p) - freeCost(free, phone.start, phone.start + phone.duration),
      0,
    ) / Math.max(frames, 1);
  const agree =
    phones.reduce((sum, phone) => sum + agreement(free, phone) * phone.frames, 0) /
    Math.max(frames, 1);
  const sorted = [...per].sort((a, b) => b - a);
  const mean = (list: number[]) =>
    list.length === 0 ? NaN : list.reduce((sum, v) => sum + v, 0) / list.length;
  // Edge phones take the smear of a wrong neighbour: without both edges, or the worse one.
  const core = per.length >= 3 ? per.slice(1, -1) : per;
  const worseEdge = per.length >= 3 && (per[0] ?? 0) >= (per.at(-1) ?? 0) ? 0 : per.length - 1;
  const inner = per.length >= 3 ? per.filter((_, i) => i !== worseEdge) : per;
  return {
    gop: word.gop ?? NaN,
    gopFrames: total,
    gopMax: sorted[0] ?? NaN,
    gopTop2: ((sorted[0] ?? 0) + (sorted[1] ?? sorted[0] ?? 0)) / 2,
    gopCore: mean(core),
    gopInner: mean(inner),
    disagree: 1 - agree,
    penalty: word.penalty,
    gopMaxPh,
    gopMaxPhS,
    gopMaxS,
    gopMaxL,
    gopMaxLV,
  };
}

/**
 * A phone's typical length (frames) in the tuning voices' correct readings: its median. A phone
 * far longer than that at the reading's own rate may be a neighbour stretched over a substitute.
 */
const typicalFrames = new Map<string, number>();
{
  const byPhone = new Map<string, number[]>();
  for (const label of labels) {
    for (const row of JSON.parse(
      readFileSync(path.join(set, `${label}.json`), 'utf8'),
    ) as Stored[]) {
      if (row.clip.split !== 'tuning' || row.clip.variant !== 'correct' || !row.outcome?.ok)
        continue;
      const scored = alignReference(
        referenceOf(item(row.clip.itemId)),
        row.outcome.alignment,
        rubric,
      );
      for (const word of scored ?? []) {
        if (word.omitted) continue;
        for (const ph of word.phones)
          byPhone.set(ph.phone.toUpperCase(), [
            ...(byPhone.get(ph.phone.toUpperCase()) ?? []),
            ph.frames,
          ]);
      }
    }
  }
  for (const [phone, values] of byPhone) {
    values.sort((a, b) => a - b);
    typicalFrames.set(phone, values[Math.floor((values.length - 1) / 2)] ?? 1);
  }
}
/** Each phone's frames over its typical frames at the clip's rate (the clip's median ratio). */
function stretches(words: readonly ScoredWord[]): number[][] {
  const ratio = (ph: AlignedPhone) => ph.frames / (typicalFrames.get(ph.phone.toUpperCase()) ?? 8);
  const all = words.filter((w) => !w.omitted).flatMap((w) => w.phones.map(ratio));
  all.sort((a, b) => a - b);
  const rate = all[Math.floor((all.length - 1) / 2)] ?? 1;
  return words.map((w) => (w.omitted ? [] : w.phones.map((ph) => ratio(ph) / rate)));
}

const rows: WordRow[] = [];
const clipMedian = new Map<string, Record<string, number>>();
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0);
};
for (const label of labels) {
  for (const row of JSON.parse(readFileSync(path.join(set, `${label}.json`), 'utf8')) as Stored[]) {
    if (!(row.clip.type === 'RA' || row.clip.type === 'RS') || !row.outcome?.ok) continue;
    const { alignment } = row.outcome;
    const scored = alignReference(referenceOf(item(row.clip.itemId)), alignment, rubric);
    if (!scored || !alignment.free) continue;
    const free = alignment.free;
    const clipRows = scored.map((word, index): WordRow => {
      const kind = (row.clip.substituted ?? []).includes(index)
        ? 'sub'
        : (row.clip.omitted ?? []).includes(index)
          ? 'omit'
          : 'ok';
      return {
        clip: row.clip,
        index,
        kind,
        gone: word.omitted,
        m: word.omitted ? {} : measures(word, free),
        ...(word.omitted ? {} : { per: phoneGoodness(word, free).map((ph) => ph.g) }),
      };
    });
    const names = Object.keys(clipRows.find((r) => !r.gone)?.m ?? {});
    const med: Record<string, number> = {};
    for (const name of names)
      med[name] = median(clipRows.filter((r) => !r.gone).map((r) => r.m[name] ?? NaN));
    clipMedian.set(row.clip.file, med);
    // Relative to the clip's own median word (a voice or a room the model fits worse lifts all).
    for (const r of clipRows) {
      if (r.gone) continue;
      for (const name of names) {
        r.m[`${name}-med`] = (r.m[name] ?? 0) - (med[name] ?? 0);
      }
      r.m['gop+dis'] = (r.m.gop ?? 0) + 2 * (r.m.disagree ?? 0);
      r.m['gopmed+dis'] = (r.m['gop-med'] ?? 0) + 2 * (r.m.disagree ?? 0);
    }
    // A wrong word smears into its neighbours' edge phones: a word beside a worse one (or a
    // skipped one) is judged without its phone on that side.
    const margin = Number(arg('nb-margin') ?? 0);
    clipRows.forEach((r, i) => {
      if (r.gone || !r.per) return;
      const worse = (other: WordRow | undefined) =>
        other !== undefined && (other.gone || (other.m.gopMax ?? 0) > (r.m.gopMax ?? 0) + margin);
      const keep = r.per.filter(
        (_, k) =>
          !(
            (k === 0 && worse(clipRows[i - 1])) ||
            (k === r.per!.length - 1 && worse(clipRows[i + 1]))
          ),
      );
      r.m.gopMaxNb = keep.length > 0 ? Math.max(...keep) : (r.m.gopMax ?? 0);
    });
    // Durations: the word's longest phone, and its neighbours' edge phones next to it.
    const st = stretches(scored);
    clipRows.forEach((r, i) => {
      if (r.gone) return;
      const own = st[i] ?? [];
      r.m.durMax = own.length > 0 ? Math.max(...own) : 1;
      const prev = st[i - 1]?.at(-1) ?? 0;
      const next = st[i + 1]?.[0] ?? 0;
      r.m.durNb = Math.max(prev, next);
    });
    rows.push(...clipRows);
  }
}

// X-down: lower by how far the clip's median is above the tuning voices' typical correct word
// (the median of their correct readings' words), never raised, at most --cap.
const cap = Number(arg('cap') ?? 99);
const bases = Object.keys(rows.find((r) => !r.gone)?.m ?? {}).filter(
  (n) => !n.includes('-') && !n.includes('+'),
);
const centres: Record<string, number> = {};
for (const name of bases) {
  centres[name] = median(
    rows
      .filter((r) => r.clip.split === 'tuning' && r.clip.variant === 'correct' && !r.gone)
      .map((r) => r.m[name] ?? NaN),
  );
  for (const r of rows) {
    if (r.gone) continue;
    const med = clipMedian.get(r.clip.file)?.[name] ?? 0;
    r.m[`${name}-down`] = (r.m[name] ?? 0) - Math.min(Math.max(0, med - (centres[name] ?? 0)), cap);
  }
}
// Goodness with a duration term: a phone (own, or a neighbour's edge) over --dur-k times its
// typical length adds --dur-w nats/frame per doubling.
{
  const k = Number(arg('dur-k') ?? 2.5);
  const w = Number(arg('dur-w') ?? 3);
  const base = arg('dur-base') ?? 'gopMax-down';
  for (const r of rows) {
    if (r.gone) continue;
    const over = (x: number) => Math.max(0, Math.log2(Math.max(x, 1e-9) / k));
    r.m['dur-own'] = (r.m[base] ?? 0) + w * over(r.m.durMax ?? 0);
    r.m['dur-nb'] = (r.m[base] ?? 0) + w * over(r.m.durNb ?? 0);
    r.m['dur-both'] = (r.m[base] ?? 0) + w * over(Math.max(r.m.durMax ?? 0, r.m.durNb ?? 0));
  }
}
console.log(
  `typical correct word (tuning): ${Object.entries(centres)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ')}`,
);

const badness = (row: WordRow, name: string) => (row.gone ? Infinity : (row.m[name] ?? NaN));
function auc(pos: number[], neg: number[]): number {
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / Math.max(pos.length * neg.length, 1);
}
function quantile(values: number[], share: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
}

const measureNames = (
  arg('measures') ??
  'gop,gop-med,gop-down,gopFrames,gopFrames-med,gopMax,gopMax-med,gopTop2-med,gopCore,gopCore-med,gopInner,gopInner-med,disagree,gop+dis,gopmed+dis'
).split(',');
const groups: [string, (r: WordRow) => boolean][] = [
  ['tuning', (r) => r.clip.split === 'tuning'],
  ...[...new Set(rows.map((r) => `${r.clip.split}|${r.clip.engine}`))].map(
    (key): [string, (r: WordRow) => boolean] => [
      key.replace('|', ' '),
      (r) => `${r.clip.split}|${r.clip.engine}` === key,
    ],
  ),
  ['held-out', (r) => r.clip.split === 'held-out'],
];
const keep = Number(arg('keep') ?? 0.98);
console.log(
  `measure; per group: subAUC | subs below all (clips) | at tuning p${keep * 100} of correct: subs flagged / correct kept / noisy kept`,
);
for (const name of measureNames) {
  const tuningCorrect = rows
    .filter((r) => r.clip.split === 'tuning' && r.clip.variant === 'correct' && !r.gone)
    .map((r) => badness(r, name));
  const limit = quantile(tuningCorrect, keep);
  const cells = groups.map(([label, inGroup]) => {
    const g = rows.filter(inGroup);
    const neg = g.filter((r) => r.clip.variant === 'correct').map((r) => badness(r, name));
    const subs = g.filter((r) => r.kind === 'sub');
    const pos = subs.map((r) => badness(r, name));
    const byClip = new Map<string, WordRow[]>();
    for (const r of g.filter((x) => x.clip.variant.startsWith('sub-'))) {
      byClip.set(r.clip.file, [...(byClip.get(r.clip.file) ?? []), r]);
    }
    let below = 0;
    let clips = 0;
    for (const list of byClip.values()) {
      const s = list.filter((r) => r.kind === 'sub').map((r) => badness(r, name));
      const o = list.filter((r) => r.kind !== 'sub').map((r) => badness(r, name));
      if (s.length === 0) continue;
      clips += 1;
      if (Math.min(...s) > Math.max(...o)) below += 1;
    }
    const noisy = g.filter((r) => r.clip.variant === 'noise15');
    const kept = (list: WordRow[]) =>
      `${((100 * list.filter((r) => badness(r, name) < limit).length) / Math.max(list.length, 1)).toFixed(0)}%`;
    return `${label}: ${auc(pos, neg).toFixed(3)} | ${below}/${clips} | ${kept(subs).replace(/(\d+)%/, (_, n) => `${100 - Number(n)}%`)} / ${kept(g.filter((r) => r.clip.variant === 'correct'))} / ${kept(noisy)}`;
  });
  console.log(`${name} (limit ${limit.toFixed(2)})\n  ${cells.join('\n  ')}`);
}

if (arg('show')) {
  // --show=measure: the substitution clips whose substitutes do not rank below every other word.
  const name = arg('show') ?? 'gop';
  const byClip = new Map<string, WordRow[]>();
  for (const r of rows.filter((x) => x.clip.variant.startsWith('sub-'))) {
    byClip.set(r.clip.file, [...(byClip.get(r.clip.file) ?? []), r]);
  }
  for (const [file, list] of byClip) {
    const s = list.filter((r) => r.kind === 'sub').map((r) => badness(r, name));
    const o = list.filter((r) => r.kind !== 'sub').map((r) => badness(r, name));
    if (s.length === 0 || Math.min(...s) > Math.max(...o)) continue;
    const words = item(list[0]!.clip.itemId);
    const text = referenceOf(words).split(/\s+/);
    console.log(
      `${file}: ${list
        .map(
          (r) =>
            `${r.kind === 'sub' ? '*' : ''}${text[r.index]}=${r.gone ? 'GONE' : badness(r, name).toFixed(1)}`,
        )
        .join(' ')}`,
    );
  }
}

if (arg('quantiles')) {
  // --quantiles=measure: its p5…p98 per kind of word, tuning voices (what constants are fitted on).
  const name = arg('quantiles') ?? 'gop';
  const split = arg('split') ?? 'tuning';
  const kinds: [string, (r: WordRow) => boolean][] = [
    ['correct', (r) => r.clip.variant === 'correct'],
    ['noise15', (r) => r.clip.variant === 'noise15'],
    ['sub-unrelated (aligned)', (r) => r.kind === 'sub' && r.clip.variant === 'sub-unrelated'],
    ['sub-similar (aligned)', (r) => r.kind === 'sub' && r.clip.variant === 'sub-similar'],
    ['neighbours in sub-*', (r) => r.kind === 'ok' && r.clip.variant.startsWith('sub-')],
    ['off-topic', (r) => r.clip.variant === 'off-topic'],
    ['clip medians, correct', (r) => r.clip.variant === 'correct' && r.index === 0],
    ['clip medians, noise15', (r) => r.clip.variant === 'noise15' && r.index === 0],
    ['clip medians, off-topic', (r) => r.clip.variant === 'off-topic' && r.index === 0],
  ];
  console.log(`${name}, ${split} voices: n, p5 / p10 / p50 / p90 / p95 / p98; skipped or omitted`);
  for (const [label, pick] of kinds) {
    const list = rows.filter((r) => (split === 'all' || r.clip.split === split) && pick(r));
    const values = label.startsWith('clip medians')
      ? list.map((r) => clipMedian.get(r.clip.file)?.[name.replace(/-.*/, '')] ?? NaN)
      : list.filter((r) => !r.gone).map((r) => r.m[name] ?? NaN);
    const q = [0.05, 0.1, 0.5, 0.9, 0.95, 0.98].map((share) => quantile(values, share).toFixed(2));
    console.log(
      `  ${label.padEnd(26)} ${String(values.length).padEnd(5)} ${q.join(' / ')}; ${list.filter((r) => r.gone).length}`,
    );
  }
}

if (arg('flagged')) {
  // --flagged=measure,limit: the words of correct readings at or over the limit (false errors).
  const [name = 'gop', limitText = '0'] = (arg('flagged') ?? '').split(',');
  for (const r of rows.filter((x) => x.clip.variant === (arg('variant') ?? 'correct'))) {
    const value = badness(r, name);
    if (value < Number(limitText)) continue;
    const text = referenceOf(item(r.clip.itemId)).split(/\s+/);
    console.log(`${r.clip.file} ${text[r.index]} ${r.gone ? 'GONE' : value.toFixed(2)}`);
  }
}
