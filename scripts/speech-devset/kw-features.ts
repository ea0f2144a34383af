/**
 * Per key point found in the development set's open answers (issue 15, never-said key points):
 * the keyword that proved it and what else could tell a said keyword from an invented one — its
 * phones and frames, its margin under the answer's limit, the margin of its worst phone, its
 * shortest phone and share of 3-frame phones, the share of its frames the free phones label with
 * the same phone. Reads the outcomes `npm run bench:speech-verify` kept (no decoding); prints a
 * TSV with `said` (1: the clip's text made that point) for fitting on the tuning voices.
 *
 *   node --import tsx scripts/speech-devset/kw-features.ts --labels=so16-tuning,… [--profile=id] > f.tsv
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CURRENT_SCORING_PROFILE,
  scoringProfiles,
  type Item,
  type ScoringProfileId,
} from '@ninety/contract';
import type { EngineOutcome, AlignedPhone } from '@ninety/scoring';
import { withHeardLimit } from '../../packages/scoring/src/speaking/open-answers';
import {
  keywordContent,
  matchWords,
  provingKeywords,
  isHeard,
} from '../../packages/scoring/src/speaking/traits';
import { recognisedWords, type ScoredWord } from '../../packages/scoring/src/speaking/words';
import { defaultOut, loadItem, type Clip } from './generate';

// --profile=pte-2025-08-r10: the finds as an earlier profile scored them.
const profileArg = process.argv.find((a) => a.startsWith('--profile='))?.slice(10);
const rubric = (
  profileArg ? scoringProfiles[profileArg as ScoringProfileId] : CURRENT_SCORING_PROFILE
).speaking;
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const labels = (arg('labels') ?? '').split(',');
interface Stored {
  clip: Clip;
  outcome?: EngineOutcome;
}
const cost = (p: number) => -rubric.penaltyScale * Math.log(Math.max(p, rubric.penaltyFloorP));
function overlapFree(free: readonly AlignedPhone[], s: number, e: number) {
  return free.filter((f) => Math.min(e, f.start + f.duration) - Math.max(s, f.start) > 0);
}
const byFile = new Map<string, Stored>();
for (const l of labels)
  for (const s of JSON.parse(readFileSync(path.join(defaultOut, `${l}.json`), 'utf8')) as Stored[])
    byFile.set(s.clip.file, s);
const rows: string[] = [];
for (const { clip, outcome } of byFile.values()) {
  if (!outcome?.ok || clip.type === 'RA' || clip.type === 'RS') continue;
  const item: Item = loadItem(clip.itemId);
  if (!('keyPoints' in item.key)) continue;
  const rec = recognisedWords(outcome.alignment, rubric);
  if (!rec) continue;
  const words = withHeardLimit(rec, outcome.alignment, rubric);
  const free = outcome.alignment.free ?? [];
  const heardW = words.filter((w) => isHeard(w, rubric));
  const flat = heardW.flatMap((w, i) => matchWords(w.normal).map((part) => ({ part, i })));
  const content = keywordContent(words, item.key.keyPoints, 6, rubric);
  content.points.forEach((pt, pi) => {
    if (!pt.covered) return;
    let best: { margin: number; ws: ScoredWord[] } | undefined;
    for (const kw of provingKeywords(pt.keywords)) {
      const needle = matchWords(kw);
      for (let s = 0; s + needle.length <= flat.length; s++) {
        if (!needle.every((p, o) => flat[s + o]?.part === p)) continue;
        const idx = [...new Set(flat.slice(s, s + needle.length).map((f) => f.i))];
        const ws = idx.map((i) => heardW[i]!);
        const margin = Math.min(...ws.map((w) => (w.heardLimit ?? 0) - (w.gop ?? 0)));
        if (!best || margin > best.margin) best = { margin, ws };
      }
    }
    if (!best) return;
    const phones = best.ws.flatMap((w) => w.phones);
    const nph = phones.length;
    const frames = phones.reduce((a, p) => a + p.frames, 0);
    const minFr = Math.min(...phones.map((p) => p.frames));
    const at3 = phones.filter((p) => p.frames <= 3).length / nph;
    // per-phone gop
    const per = phones.map((p) => {
      const fs = overlapFree(free, p.start, p.start + p.duration);
      let c = 0;
      for (const f of fs) {
        const ov =
          Math.min(p.start + p.duration, f.start + f.duration) - Math.max(p.start, f.start);
        c += (cost(f.p) * ov) / f.duration;
      }
      return (cost(p.p) - c) / p.frames;
    });
    const worst = Math.max(...per);
    // agreement: share of frames where the free phone = aligned phone
    let agree = 0;
    for (const p of phones)
      for (const f of overlapFree(free, p.start, p.start + p.duration)) {
        if (f.phone === p.phone)
          agree +=
            Math.min(p.start + p.duration, f.start + f.duration) - Math.max(p.start, f.start);
      }
    const agreeShare = (agree * 100) / frames;
    const said = (clip.pointsSaid ?? []).includes(pi);
    const limit = best.ws[0]?.heardLimit ?? 0;
    rows.push(
      [
        clip.split,
        clip.voice,
        clip.variant,
        clip.itemId,
        pi,
        said ? 1 : 0,
        best.ws.map((w) => w.normal).join('_'),
        nph,
        frames,
        best.margin.toFixed(2),
        (limit - worst).toFixed(2),
        minFr,
        at3.toFixed(2),
        agreeShare.toFixed(2),
        (frames / nph).toFixed(1),
        limit.toFixed(2),
      ].join('\t'),
    );
  });
}
console.log(
  [
    'split',
    'voice',
    'variant',
    'item',
    'pt',
    'said',
    'kw',
    'nph',
    'frames',
    'margin',
    'worstMargin',
    'minFr',
    'at3',
    'agree',
    'frPerPh',
    'limit',
  ].join('\t'),
);
console.log(rows.join('\n'));
