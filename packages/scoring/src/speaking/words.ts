import type { SpeakingRubric, SpeechVerdict, PenaltyScale } from '@ninety/contract';
import type { AlignedPhone, AlignedWord, Alignment } from './alignment';

/**
 * Word- and phone-level measures from the alignment (speech-engine.md §7.4): the penalty in nats
 * per frame, the 10–90 score it maps to, omission and the colour verdict.
 */

const SILENCE_PHONE = 'SIL';

/** Silence and noise entries: `<sil>`, `<s>`, `</s>`, `[NOISE]`, `sil`. */
export function isSilence(word: string): boolean {
  const name = word.trim().toLowerCase();
  return name === '' || name === 'sil' || /^<\/?s(il)?>$/.test(name) || /^\[.*\]$/.test(name);
}

/** Fillers as the engine names them ("um", "<uh>"), per the rubric's list. */
export function isFiller(word: string, rubric: SpeakingRubric): boolean {
  const name = word
    .trim()
    .toLowerCase()
    .replace(/^<(.*)>$/, '$1');
  return rubric.fillerWords.includes(name);
}

/** The phones that carry the word (§7.4 Word penalty: skip silence). */
export function speechPhones(phones: readonly AlignedPhone[]): AlignedPhone[] {
  return phones.filter((phone) => phone.phone.toUpperCase() !== SILENCE_PHONE);
}

/** `−scale · Σ ln(max(p, floor)) / Σ frames` over the phones (§7.4 Word penalty). */
export function penaltyOf(phones: readonly AlignedPhone[], rubric: SpeakingRubric): number {
  let logSum = 0;
  let frames = 0;
  for (const phone of phones) {
    logSum += Math.log(Math.max(phone.p, rubric.penaltyFloorP));
    frames += phone.frames;
  }
  if (frames <= 0) return Infinity;
  return (-rubric.penaltyScale * logSum) / frames;
}

/** `round(90 − 80 · clamp((pen − A)/(B − A), 0, 1))` (§7.4 Word score, Phone score). */
export function scoreFromPenalty(penalty: number, scale: PenaltyScale): number {
  const share = Math.min(Math.max((penalty - scale.a) / (scale.b - scale.a), 0), 1);
  return Math.round(90 - 80 * share);
}

/** §7.4 Omitted word: penalty ≥ 12 and every phone squeezed to the 3-frame minimum. */
export function isOmitted(
  penalty: number,
  phones: readonly AlignedPhone[],
  rubric: SpeakingRubric,
): boolean {
  if (penalty < rubric.omittedMinPenalty || phones.length === 0) return false;
  if (phones.every((phone) => phone.frames <= rubric.omittedFramesPerPhone)) return true;
  const meanFrames = phones.reduce((sum, phone) => sum + phone.frames, 0) / phones.length;
  return rubric.omittedMaxMeanFrames !== undefined && meanFrames <= rubric.omittedMaxMeanFrames;
}

/** §7.4 Colours: ≥ 70 good, 45–69 unclear, < 45 bad. */
export function verdictOf(
  score: number,
  rubric: SpeakingRubric,
): Exclude<SpeechVerdict, 'omitted'> {
  if (score >= rubric.goodMinScore) return 'good';
  if (score >= rubric.unclearMinScore) return 'unclear';
  return 'bad';
}

/** A 10–90 score on the engine's 0–5 scale (× 18 gives it back, spec §9), to two decimals. */
export function toEngineScale(score: number): number {
  return Math.round((score / 18) * 100) / 100;
}

/** One word as the scorers see it: a reference word (maybe several aligned parts) or a recognised one. */
export interface ScoredWord {
  /** The word as shown (the reference token without surrounding punctuation). */
  text: string;
  /** The normalised word compared with keywords and answers. */
  normal: string;
  /** The reference token ends at a comma, full stop or similar (a natural pause follows). */
  endsClause: boolean;
  start: number;
  end: number;
  phones: AlignedPhone[];
  penalty: number;
  /**
   * Goodness of pronunciation (issue 15): how much worse, in nats per frame averaged over the
   * word's phones, its aligned phones fit their frames than the free phone decode of the same
   * frames does. Set only when the engine decoded the free phones.
   */
  gop?: number;
  /**
   * The goodness the word is judged by when the profile judges a reading against its own typical
   * word (`goodness.clip`): `gop` less the reading's shift. Its score, verdict and content error
   * follow it; the off-topic share reads `gop`.
   */
  judgedGop?: number;
  /**
   * The word the engine heard in this reading word's place, a dictionary neighbour the audio fit
   * better (issue 15), when the profile counts it (`goodness.competitor`): a content error.
   */
  heardAs?: string;
  /** The search pressed this reading word onto too few frames (`goodness.squeezed`): wrong. */
  squeezed?: boolean;
  /** 10–90. */
  score: number;
  omitted: boolean;
  verdict: SpeechVerdict;
  /**
   * Open answers (pte-2025-08-r7): the goodness under which this recognised word counts as
   * heard, set for its answer's speaker (open-answers.ts `withHeardLimit`).
   */
  heardLimit?: number;
  /** A recognised keyword heard through a spoken variant (AlignedWord `spokenVariant`). */
  spokenVariant?: boolean;
}

/** One phone's cost in nats (the engine's p, floored as the penalty floors it). */
function phoneCost(p: number, rubric: SpeakingRubric): number {
  return -rubric.penaltyScale * Math.log(Math.max(p, rubric.penaltyFloorP));
}

/**
 * The free decode's cost of the span [start, end): its phones' costs, each by the share of it
 * inside the span.
 */
function freeCost(
  free: readonly AlignedPhone[],
  start: number,
  end: number,
  rubric: SpeakingRubric,
) {
  let cost = 0;
  for (const phone of free) {
    const overlap = Math.min(end, phone.start + phone.duration) - Math.max(start, phone.start);
    if (overlap <= 0 || phone.duration <= 0) continue;
    cost += (phoneCost(phone.p, rubric) * overlap) / phone.duration;
  }
  return cost;
}

/**
 * Goodness of pronunciation (issue 15; Witt & Young's log-likelihood ratio against a phone loop):
 * per phone, (aligned cost − free decode's cost of the same frames) / frames, averaged over the
 * word's phones so that a long vowel does not outweigh the consonants. Both costs are measured
 * against the best senone of each frame, so a voice the model fits badly raises both: the ratio
 * is what is left of the word itself.
 */
export function goodnessOf(
  phones: readonly AlignedPhone[],
  free: readonly AlignedPhone[],
  rubric: SpeakingRubric,
  of: 'mean' | 'worst-phone' = 'mean',
): number | undefined {
  const perPhone = phones
    .filter((phone) => phone.frames > 0)
    .map(
      (phone) =>
        (phoneCost(phone.p, rubric) -
          freeCost(free, phone.start, phone.start + phone.duration, rubric)) /
        phone.frames,
    );
  if (perPhone.length === 0) return undefined;
  // A word read as another has at least one phone the free decode fits far better; the mean of
  // its phones hides it among those the two words share (a similar-sounding substitute).
  if (of === 'worst-phone') return Math.max(...perPhone);
  return perPhone.reduce((sum, value) => sum + value, 0) / perPhone.length;
}

/** The word's 10–90 score: from its goodness when the profile and the engine have it. */
function wordScore(penalty: number, gop: number | undefined, rubric: SpeakingRubric): number {
  return gop !== undefined && rubric.goodness
    ? scoreFromPenalty(gop, rubric.goodness.scale)
    : scoreFromPenalty(penalty, rubric.word);
}

export function scoreWord(
  text: string,
  endsClause: boolean,
  parts: readonly AlignedWord[],
  rubric: SpeakingRubric,
  free?: readonly AlignedPhone[],
  of: 'mean' | 'worst-phone' = 'mean',
): ScoredWord {
  const phones = parts.flatMap((part) => speechPhones(part.phones));
  const penalty = penaltyOf(phones, rubric);
  const gop = free && free.length > 0 ? goodnessOf(phones, free, rubric, of) : undefined;
  const score = wordScore(penalty, gop, rubric);
  const omitted = isOmitted(penalty, phones, rubric);
  const first = parts[0];
  const last = parts[parts.length - 1];
  return {
    text,
    normal: text.toLowerCase(),
    endsClause,
    start: first ? first.start : 0,
    end: last ? last.start + last.duration : 0,
    phones,
    penalty,
    ...(gop === undefined ? {} : { gop }),
    score,
    omitted,
    verdict: omitted ? 'omitted' : verdictOf(score, rubric),
  };
}

/** A reference word the recording does not have: not said (spec §8's grey strike-through). */
function notSaid(token: ReferenceToken, at: number, rubric: SpeakingRubric): ScoredWord {
  return {
    text: token.display,
    normal: token.normal,
    endsClause: token.endsClause,
    start: at,
    end: at,
    phones: [],
    penalty: rubric.omittedMinPenalty,
    score: 10,
    omitted: true,
    verdict: 'omitted',
  };
}

/** A reference token: the word as compared (lower case, punctuation stripped) and its punctuation. */
interface ReferenceToken {
  display: string;
  normal: string;
  endsClause: boolean;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The reference text's words, split as toWords does, keeping whether punctuation follows. */
export function referenceTokens(text: string): ReferenceToken[] {
  return text
    .replace(/[‘’]/g, "'")
    .split(/\s+/)
    .map((raw) => {
      const display = raw.replace(EDGE_PUNCTUATION, '');
      return {
        display,
        normal: display.toLowerCase(),
        endsClause: /[,.;:!?…—)"”]$/.test(raw) && display.length > 0,
      };
    })
    .filter((token) => token.display.length > 0);
}

/** The engine's word name, without an alternate-pronunciation suffix and in lower case. */
function engineWord(word: AlignedWord): string {
  return word.word.toLowerCase().replace(/\(\d+\)$/, '');
}

/**
 * Forced alignment (§7.3 RA, RS) pairs each reference word with the aligned word(s) in order; a
 * hyphenated word the dictionary lacks is aligned as its parts ("coal-fired" → "coal", "fired").
 * Returns null when the alignment does not follow the reference: the result is then the empty
 * one (spec §8), never a guess.
 */
export function alignReference(
  text: string,
  alignment: Alignment,
  rubric: SpeakingRubric,
): ScoredWord[] | null {
  const spoken = alignment.words.filter(
    (word) => !isSilence(word.word) && !isFiller(word.word, rubric),
  );
  const scored: ScoredWord[] = [];
  /** Per scored word, the competitor the engine heard in its place. */
  const heardAs: (string | undefined)[] = [];
  let at = 0;
  for (const token of referenceTokens(text)) {
    // Nothing left of the recording: the learner stopped before this word (the engine decodes an
    // early stop as the text's first words only). The rest of the text was not said.
    if (alignment.stoppedEarly && at === spoken.length && at > 0) {
      scored.push(notSaid(token, scored.at(-1)?.end ?? 0, rubric));
      continue;
    }
    const candidates = [[token.normal], token.normal.split('-').filter(Boolean)];
    const parts = candidates
      .map((names) => {
        const slice = spoken.slice(at, at + names.length);
        return slice.length === names.length &&
          slice.every((word, index) => engineWord(word) === names[index])
          ? slice
          : null;
      })
      .find((slice) => slice !== null);
    if (!parts && alignment.skippable) {
      // The grammar skipped it (issue 15): not said, here, between its neighbours.
      scored.push(notSaid(token, scored.at(-1)?.end ?? spoken[at]?.start ?? 0, rubric));
      continue;
    }
    if (!parts) return null;
    const word = scoreWord(
      token.display,
      token.endsClause,
      parts,
      rubric,
      alignment.free,
      rubric.goodness?.readWord,
    );
    if (word.phones.length === 0) return null;
    scored.push(word);
    heardAs[scored.length - 1] = parts.find((part) => part.heardAs)?.heardAs;
    at += parts.length;
  }
  if (at !== spoken.length) return null;
  const typicalFrames = medianFramesPerPhone(scored);
  return judgedAgainstClip(scored, rubric).map((word, index) =>
    withCompetitor(squeezedIn(word, typicalFrames, rubric), heardAs[index], rubric),
  );
}

/** The reading's typical phone length in frames: its speaking rate, as the search aligned it. */
function medianFramesPerPhone(words: readonly ScoredWord[]): number {
  const frames = words
    .filter((word) => !word.omitted)
    .flatMap((word) => word.phones.map((phone) => phone.frames))
    .sort((a, b) => a - b);
  if (frames.length === 0) return 0;
  const middle = Math.floor(frames.length / 2);
  return frames.length % 2 === 1
    ? (frames[middle] ?? 0)
    : ((frames[middle - 1] ?? 0) + (frames[middle] ?? 0)) / 2;
}

/**
 * A reading word the search pressed onto too few frames (issue 15, `goodness.squeezed`): most
 * of its phones at their shortest. A word said aligns over its own length; one squeezed so is
 * where the search put it between other speech (an unrelated word said in its place, its
 * frames given to the neighbours), so its phones' fit says little: wrong, at most `maxScore`.
 */
function squeezedIn(word: ScoredWord, typicalFrames: number, rubric: SpeakingRubric): ScoredWord {
  const rule = rubric.goodness?.squeezed;
  if (!rule || word.omitted || word.phones.length < rule.minPhones) return word;
  // A fast reader's phones are short everywhere: short phones there say nothing.
  if (rule.minTypicalFrames !== undefined && typicalFrames < rule.minTypicalFrames) return word;
  const short = word.phones.filter((phone) => phone.frames <= rubric.omittedFramesPerPhone);
  if (short.length < rule.share * word.phones.length) return word;
  return { ...word, score: Math.min(word.score, rule.maxScore), verdict: 'bad', squeezed: true };
}

/**
 * A reading word the engine took as a competitor (issue 15): wrong, and scored at most the
 * profile's `maxScore`, when the profile counts competitors (and the word's judged goodness is
 * at least its `minGoodness`).
 */
function withCompetitor(
  word: ScoredWord,
  heardAs: string | undefined,
  rubric: SpeakingRubric,
): ScoredWord {
  const rule = rubric.goodness?.competitor;
  if (!rule || heardAs === undefined || word.omitted) return word;
  const goodness = word.judgedGop ?? word.gop;
  if (rule.minGoodness !== undefined && (goodness === undefined || goodness < rule.minGoodness))
    return word;
  // At the bottom of the scale, but in the order of its goodness among such words: a neighbour
  // that took a competitor beside a worse substitute still ranks above it.
  const score = Math.min(word.score, rule.maxScore);
  return { ...word, heardAs, score, verdict: 'bad' };
}

/**
 * A reading's words against the reading's own typical word (issue 15, `goodness.clip`): the
 * model fits some voices and rooms worse, which lifts every word's goodness (15 dB of noise took
 * the tuning voices' correct words from 79 % to 55 % read correctly), so a word is judged by its
 * goodness less how far the reading's median word sits above a typical correct one. The shift is
 * bounded and only ever lenient: a reading the model fits well is judged as before.
 */
export function judgedAgainstClip(words: ScoredWord[], rubric: SpeakingRubric): ScoredWord[] {
  const goodness = rubric.goodness;
  const rule = goodness?.clip;
  if (!goodness || !rule) return words;
  const values = words.flatMap((word) => (word.gop === undefined ? [] : [word.gop]));
  if (values.length === 0) return words;
  values.sort((a, b) => a - b);
  const median = values[Math.floor((values.length - 1) / 2)] ?? rule.typical;
  const shift = Math.min(Math.max(median - rule.typical, 0), rule.maxShift);
  return words.map((word) => {
    if (word.gop === undefined) return word;
    const judgedGop = word.gop - shift;
    const score = scoreFromPenalty(judgedGop, goodness.scale);
    return {
      ...word,
      judgedGop,
      score,
      verdict: word.omitted ? 'omitted' : verdictOf(score, rubric),
    };
  });
}

/** Keyword and answer grammars (§7.3 DI, RL, ASQ): every decoded word that is not silence or a filler. */
export function recognisedWords(alignment: Alignment, rubric: SpeakingRubric): ScoredWord[] | null {
  const words: ScoredWord[] = [];
  for (const word of alignment.words) {
    if (isSilence(word.word) || isFiller(word.word, rubric)) continue;
    // Against the free phones when the engine decoded them and the profile judges open answers
    // by them (issue 15); earlier profiles score these words as they did.
    const free = rubric.openAnswers ? alignment.free : undefined;
    const scored = scoreWord(engineWord(word), false, [word], rubric, free);
    if (scored.phones.length === 0) return null;
    // A grammar decodes what it heard: nothing in it is "omitted".
    words.push({
      ...scored,
      omitted: false,
      verdict: verdictOf(scored.score, rubric),
      ...(word.spokenVariant ? { spokenVariant: true } : {}),
    });
  }
  return words;
}
