/**
 * The substitution clips whose substitutes do not all rank below every correct word (issue 15),
 * word by word: what the search aligned there (or heard instead), each phone's goodness against
 * the free phones of its frames, and those free phones. Reads the outcomes `npm run
 * bench:speech-verify` kept (no decoding).
 *
 *   node --import tsx scripts/speech-devset/misses.ts --labels=results,… [--split=held-out]
 *     [--all] [--profile=pte-2025-08-r12, the current one by default]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CURRENT_SCORING_PROFILE_ID,
  scoringProfiles,
  type ScoringProfileId,
} from '@ninety/contract';
import type { AlignedPhone, EngineOutcome } from '@ninety/scoring';
import { alignReference } from '../../packages/scoring/src/speaking/words';
import { defaultOut, loadItem, referenceOf, type Clip } from './generate';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const set = path.resolve(arg('set') ?? defaultOut);
const profile = (arg('profile') ?? CURRENT_SCORING_PROFILE_ID) as ScoringProfileId;
const rubric = scoringProfiles[profile].speaking;
const split = arg('split');

const cost = (p: number) => -rubric.penaltyScale * Math.log(Math.max(p, rubric.penaltyFloorP));
function inside(free: readonly AlignedPhone[], start: number, end: number): AlignedPhone[] {
  return free.filter((phone) => phone.start < end && phone.start + phone.duration > start);
}
function freeCost(free: readonly AlignedPhone[], start: number, end: number): number {
  let sum = 0;
  for (const phone of inside(free, start, end)) {
    const overlap = Math.min(end, phone.start + phone.duration) - Math.max(start, phone.start);
    if (phone.duration > 0) sum += (cost(phone.p) * overlap) / phone.duration;
  }
  return sum;
}

const byClip = new Map<string, { clip: Clip; outcome?: EngineOutcome }>();
for (const label of (arg('labels') ?? 'results').split(','))
  for (const stored of JSON.parse(readFileSync(path.join(set, `${label}.json`), 'utf8')) as {
    clip: Clip;
    outcome?: EngineOutcome;
  }[])
    byClip.set(stored.clip.file, stored);

for (const { clip, outcome } of byClip.values()) {
  if (!clip.variant.startsWith('sub-') || (split && clip.split !== split)) continue;
  if (!outcome?.ok) continue;
  const text = referenceOf(loadItem(clip.itemId));
  const words = alignReference(text, outcome.alignment, rubric);
  if (!words) continue;
  const subs = new Set(clip.substituted);
  const worstSub = Math.max(...words.filter((_, i) => subs.has(i)).map((w) => w.score));
  const bestOk = Math.min(...words.filter((_, i) => !subs.has(i)).map((w) => w.score));
  const miss = worstSub >= bestOk;
  if (!miss && !process.argv.includes('--all')) continue;
  console.log(`\n${miss ? 'MISS' : 'ok  '} ${clip.file}  "${clip.spoken}"`);
  const free = outcome.alignment.free ?? [];
  for (const [i, word] of words.entries()) {
    const per = word.phones
      .filter((phone) => phone.frames > 0)
      .map(
        (phone) =>
          `${phone.phone}${phone.frames}:${(
            (cost(phone.p) - freeCost(free, phone.start, phone.start + phone.duration)) /
            phone.frames
          ).toFixed(1)}`,
      )
      .join(' ');
    const heard = inside(free, word.start, word.end)
      .map((phone) => phone.phone.replace(/^\+\+GARBAGE_|\+\+$/g, ''))
      .join(' ');
    console.log(
      `${subs.has(i) ? '*' : ' '} ${word.text.padEnd(14)} ${String(word.score).padStart(2)} ${word.verdict.padEnd(7)} gop ${word.gop?.toFixed(1) ?? '-'} judged ${word.judgedGop?.toFixed(1) ?? '-'}${word.heardAs ? ` heard ${word.heardAs}` : ''}  [${per}]  free: ${heard}`,
    );
  }
}
