/**
 * Open answers (DI, RL, RTS, SGD) judged against the speaker and as a whole (issue 15, profile
 * pte-2025-08-r7): the goodness limit a keyword must pass follows how well the model fits the
 * voice at all, and an answer whose key points add up to too little evidence is a template or
 * off-topic risk.
 */
import type { KeyPoint, SpeakingRubric } from '@ninety/contract';
import type { AlignedPhone, Alignment } from './alignment';
import { isHeard, matchWords, provingKeywords, type KeyPointHeard } from './traits';
import { speechPhones, type ScoredWord } from './words';

/**
 * The free phones' cost per frame over the answer's speech (their silence left out), in nats:
 * how well the model fits this voice at all. On the development set's tuning voices espeak-ng
 * en-us paid ~2.45 and flite slt ~1.95, and espeak-ng's said keywords' goodness ran ~1.3 higher.
 */
export function freeCostPerFrame(
  free: readonly AlignedPhone[],
  rubric: SpeakingRubric,
): number | undefined {
  let cost = 0;
  let frames = 0;
  for (const phone of speechPhones(free)) {
    cost += -rubric.penaltyScale * Math.log(Math.max(phone.p, rubric.penaltyFloorP));
    frames += phone.frames;
  }
  return frames > 0 ? cost / frames : undefined;
}

/**
 * The goodness under which this answer's recognised words count as heard: the profile's limit,
 * moved with the speaker's free phones when the profile says so, within bounds (a noisy room
 * must not open it wide). Undefined when the profile does not judge open answers by goodness.
 */
export function heardLimitOf(alignment: Alignment, rubric: SpeakingRubric): number | undefined {
  const open = rubric.openAnswers;
  if (!open) return undefined;
  const voice = open.voice;
  const perFrame =
    voice && alignment.free && alignment.free.length > 0
      ? freeCostPerFrame(alignment.free, rubric)
      : undefined;
  if (!voice || perFrame === undefined) return open.heardMaxGoodness;
  const shift = voice.slope * (perFrame - voice.reference);
  return open.heardMaxGoodness + Math.min(voice.maxRaise, Math.max(-voice.maxLower, shift));
}

/** The recognised words with their answer's limit, for those judged by goodness. */
export function withHeardLimit(
  words: ScoredWord[],
  alignment: Alignment,
  rubric: SpeakingRubric,
): ScoredWord[] {
  const heardLimit = rubric.openAnswers?.voice ? heardLimitOf(alignment, rubric) : undefined;
  if (heardLimit === undefined) return words;
  return words.map((word) => (word.gop === undefined ? word : { ...word, heardLimit }));
}

/**
 * How strongly the answer as a whole proves it is about the item: for each key point covered,
 * the best margin (nats/frame) by which its keyword's worst word is under its limit, summed.
 * Undefined when a covered point's words have no goodness (no free phones): nothing to weigh.
 */
export function keyPointEvidence(
  words: readonly ScoredWord[],
  points: readonly KeyPointHeard[],
  rubric: SpeakingRubric,
): number | undefined {
  const heard = words.filter((word) => isHeard(word, rubric));
  const forms = heard.map((word) => matchWords(word.normal));
  // The heard words' forms run together ("56" is "fifty six"): match on the flat sequence.
  const flat = forms.flatMap((form, index) => form.map((part) => ({ part, index })));
  let evidence = 0;
  for (const point of points) {
    if (!point.covered) continue;
    let best: number | undefined;
    // Any of the point's keywords heard proves it: the clearest one is its evidence.
    for (const keyword of provingKeywords(point.keywords, rubric)) {
      const needle = matchWords(keyword);
      if (needle.length === 0) continue;
      for (let start = 0; start + needle.length <= flat.length; start += 1) {
        if (!needle.every((part, offset) => flat[start + offset]?.part === part)) continue;
        const margins = flat.slice(start, start + needle.length).map(({ index }) => {
          const word = heard[index];
          const limit = word?.heardLimit ?? rubric.openAnswers?.heardMaxGoodness;
          if (word?.gop === undefined || limit === undefined) return undefined;
          const variantCost = word.spokenVariant
            ? (rubric.openAnswers?.variantEvidenceCost ?? 0)
            : 0;
          return limit - word.gop - variantCost;
        });
        if (margins.some((margin) => margin === undefined)) return undefined;
        const margin = Math.min(...(margins as number[]));
        best = best === undefined ? margin : Math.max(best, margin);
      }
    }
    if (best === undefined) return undefined;
    evidence += best;
  }
  return evidence;
}

/**
 * The whole-answer check (issue 15's "whole-answer verification"): under a profile with
 * `minEvidence`, an answer whose covered key points add up to less evidence is a template or
 * off-topic risk. An answer that covers no point is not a risk here: its content is 0 anyway.
 */
export function isTemplateRisk(
  words: readonly ScoredWord[],
  points: readonly KeyPointHeard[],
  keyPoints: readonly KeyPoint[],
  rubric: SpeakingRubric,
): boolean {
  const minimum = rubric.openAnswers?.minEvidence;
  if (minimum === undefined || keyPoints.length === 0) return false;
  const covered = points.filter((point) => point.covered).length;
  if (covered === 0) return false;
  // Under r10 an answer that proves several key points is about the item, however unclearly.
  const maxPoints = rubric.openAnswers?.templateMaxPoints;
  if (maxPoints !== undefined && covered > maxPoints) return false;
  const evidence = keyPointEvidence(words, points, rubric);
  return evidence !== undefined && evidence < minimum;
}
