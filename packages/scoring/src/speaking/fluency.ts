import type { SpeakingRubric, SpeechPause } from '@ninety/contract';
import type { Alignment } from './alignment';
import { isFiller, isSilence, speechPhones, type ScoredWord } from './words';

/**
 * Oral fluency from the alignment timeline (speech-engine.md §7.4 Fluency, §3.3), mirroring the
 * PTE descriptors quoted in §6: 5 no hesitations; 4 at most one; 3 several but no long pauses;
 * 2 at most one long pause and a smooth 3-word run; 1 staccato; 0 isolated words.
 */

export interface FluencyMeasures {
  /** Words per minute over the speech span (first to last word said), rounded. */
  wpm: number;
  /** Pauses longer than the hesitation threshold, inside the speech span. */
  pauses: SpeechPause[];
  /** Filler groups of at least the minimum length (adjacent fillers merged). */
  fillers: number;
  /** Immediate repetitions of a word (keyword grammars only; forced alignment cannot show them). */
  repetitions: number;
  /** H: fillers + repetitions + hesitation pauses (not at punctuation, under a long pause). */
  hesitations: number;
  /** L: pauses of at least the long-pause length. */
  longPauses: number;
  /** R: the rate penalty. */
  ratePenalty: number;
  /** The most words said between two hesitations or long pauses. */
  longestRun: number;
  /** F on 0–5 in half points, before the content gate. */
  fluency: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Words per minute: words said over the minutes from the first one's start to the last one's end. */
export function wordsPerMinute(said: readonly ScoredWord[]): number {
  const first = said[0];
  const last = said[said.length - 1];
  if (!first || !last || last.end <= first.start) return 0;
  return Math.round((said.length * 60) / (last.end - first.start));
}

/**
 * An open answer's words per minute from its speech phones (issue 15): the keyword grammar fills
 * the speech between keywords with short function words and filler phones, so its word count ran
 * 10–45 % over what was said (177 wpm reported for ~150); its phones, words' and fillers' alike,
 * over `phonesPerWord` estimate the words said.
 */
export function openAnswerWpm(
  alignment: Alignment,
  rubric: SpeakingRubric,
  phonesPerWord: number,
): number {
  const speech = alignment.words.filter(
    (entry) => !isSilence(entry.word) || entry.word === GARBAGE_WORD,
  );
  const first = speech[0];
  const last = speech[speech.length - 1];
  if (!first || !last) return 0;
  const seconds = last.start + last.duration - first.start;
  const phones = speech
    .filter((entry) => !isFiller(entry.word, rubric))
    .reduce((sum, entry) => sum + speechPhones(entry.phones).length, 0);
  return seconds > 0 ? Math.round((phones / phonesPerWord / seconds) * 60) : 0;
}

/** §7.4 R: 1 below 90 or above 200 wpm, 0.5 below 110, else 0. */
export function ratePenalty(wpm: number, rubric: SpeakingRubric): number {
  if (wpm < rubric.minWpm || wpm > rubric.maxWpm) return rubric.outsideRateCost;
  if (wpm < rubric.slowWpm) return rubric.slowRateCost;
  return 0;
}

/** Speech the keyword grammars decode as garbage phones (adapters/speech/decode.ts GARBAGE_WORD). */
const GARBAGE_WORD = '[GARBAGE]';

/**
 * In an open answer (no punctuation to read clause ends from), a pause after this much speech
 * since the last one closes a phrase: fluent speakers pause between clauses and sentences, a
 * hesitant one every word or two (issue 15: every sentence end counted as a hesitation).
 */
export const OPEN_PHRASE_SECONDS = 1.5;

/** The longest stretch of [from, to] that none of `spans` covers. */
function longestUncovered(
  from: number,
  to: number,
  spans: readonly { start: number; end: number }[],
): number {
  const inside = spans
    .filter((span) => span.end > from && span.start < to)
    .sort((a, b) => a.start - b.start);
  let longest = 0;
  let at = from;
  for (const span of inside) {
    longest = Math.max(longest, span.start - at);
    at = Math.max(at, span.end);
  }
  return Math.max(longest, to - at);
}

/**
 * `words` are the scored words in order (reference words for RA and RS, recognised words
 * otherwise); omitted words are not speech, so a pause runs across them.
 */
export function measureFluency(
  alignment: Alignment,
  words: readonly ScoredWord[],
  rubric: SpeakingRubric,
  countRepetitions: boolean,
): FluencyMeasures {
  const said = words.filter((word) => !word.omitted);
  const open = countRepetitions ? rubric.openAnswers : undefined;
  const wpm = open ? openAnswerWpm(alignment, rubric, open.phonesPerWord) : wordsPerMinute(said);

  // Fillers, merged when nothing but silence lies between them.
  let fillers = 0;
  let group: number | null = null;
  for (const entry of alignment.words) {
    if (isFiller(entry.word, rubric)) {
      group = (group ?? 0) + entry.duration;
    } else if (!isSilence(entry.word)) {
      if (group !== null && group >= rubric.minFillerSeconds) fillers += 1;
      group = null;
    }
  }
  if (group !== null && group >= rubric.minFillerSeconds) fillers += 1;

  let repetitions = 0;
  // Under a profile with `openAnswers`, the grammar's repeats are its own (issue 15: the
  // development set's full answers say no word twice, and 29 repeats were decoded in 18 of them),
  // so they are not hesitations.
  if (countRepetitions && !open) {
    for (let index = 1; index < said.length; index += 1) {
      if (said[index]?.normal === said[index - 1]?.normal) repetitions += 1;
    }
  }

  // Pauses: the silence between consecutive words said (fillers shorten it: they are sound).
  const fillerSpans = alignment.words
    .filter((entry) => isFiller(entry.word, rubric))
    .map((entry) => ({ start: entry.start, end: entry.start + entry.duration }));
  // Speech the grammar heard as garbage is sound, not a pause (open answers).
  const garbageSpans = alignment.words
    .filter((entry) => entry.word === GARBAGE_WORD)
    .map((entry) => ({ start: entry.start, end: entry.start + entry.duration }));
  const pauses: SpeechPause[] = [];
  let phraseStart = said[0]?.start ?? 0;
  let run = said.length > 0 ? 1 : 0;
  let longestRun = run;
  for (let index = 1; index < said.length; index += 1) {
    const before = said[index - 1];
    const after = said[index];
    if (!before || !after) continue;
    const filled = fillerSpans.find((span) => span.start >= before.end && span.end <= after.start);
    const gapStart = before.end;
    const gapEnd = filled ? filled.start : after.start;
    const gap = longestUncovered(gapStart, gapEnd, garbageSpans);
    let breaksRun = Boolean(filled);
    if (gap > rubric.hesitationPauseSeconds) {
      const closesPhrase =
        before.endsClause || (countRepetitions && gapStart - phraseStart >= OPEN_PHRASE_SECONDS);
      const kind: SpeechPause['kind'] =
        gap >= rubric.longPauseSeconds ? 'long' : closesPhrase ? 'natural' : 'hesitation';
      pauses.push({
        start: round2(gapStart),
        end: round2(gapEnd),
        afterWord: before.text,
        atPunctuation: before.endsClause,
        kind,
      });
      if (kind !== 'natural') breaksRun = true;
      phraseStart = after.start;
    }
    run = breaksRun ? 1 : run + 1;
    longestRun = Math.max(longestRun, run);
  }

  const hesitationPauses = pauses.filter((pause) => pause.kind === 'hesitation').length;
  const longPauses = pauses.filter((pause) => pause.kind === 'long').length;
  const hesitations = fillers + repetitions + hesitationPauses;
  const rate = ratePenalty(wpm, rubric);
  let fluency = Math.min(
    Math.max(
      5 -
        rubric.hesitationCost * hesitations -
        rubric.longPauseCost * longPauses -
        (said.length > 0 ? rate : 0),
      0,
    ),
    5,
  );
  if (said.length === 0) fluency = 0;
  else if (longestRun < rubric.minLongestRun) fluency = Math.min(fluency, rubric.shortRunCap);

  return {
    wpm,
    pauses,
    fillers,
    repetitions,
    hesitations,
    longPauses,
    ratePenalty: rate,
    longestRun,
    fluency,
  };
}
