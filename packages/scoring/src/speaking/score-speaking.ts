import {
  CURRENT_SCORING_PROFILE,
  getTypeScoring,
  maxRawScore,
  SPEECH_SCORE_FACTOR,
  type ScoringProfile,
  type SpeakingRubric,
  type SpeechPhoneme,
  type SpeechResult,
  type SpeechSyllable,
  type SpeechUnscoredReason,
  type TraitId,
  type TraitResult,
} from '@ninety/contract';
import type { Alignment, EngineOutcome } from './alignment';
import { arpabetToIpa } from './arpabet';
import { scoreContent, type ContentOutcome } from './content';
import type { SpeakingItem } from './speaking-item';
import { measureFluency } from './fluency';
import { withHeardLimit } from './open-answers';
import {
  fluencySummaryZh,
  GATED_ZH,
  pronunciationSummaryZh,
  UNSCORED_MESSAGES_ZH,
} from './summaries-zh';
import { isContentError, isOffTopicReading, pronunciationCapOf, pronunciationOf } from './traits';
import {
  alignReference,
  penaltyOf,
  recognisedWords,
  scoreFromPenalty,
  toEngineScale,
  verdictOf,
  type ScoredWord,
} from './words';

export { UNSCORED_MESSAGES_ZH } from './summaries-zh';

export {
  isSpeakingItem,
  SCORED_SPEAKING_TYPE_CODES,
  type ScoredSpeakingTypeCode,
  type SpeakingItem,
} from './speaking-item';

const ENGINE_REASONS: readonly SpeechUnscoredReason[] = [
  'no-speech',
  'too-quiet',
  'clipped',
  'decode-failed',
];

function safeMax(item: SpeakingItem, profile: ScoringProfile): number {
  try {
    return maxRawScore(item, profile);
  } catch {
    return 0;
  }
}

/**
 * The result of a recording that was not scored: score 0, no syllables (spec §8: a speech result
 * that cannot be read is the empty result), with the reason and its Chinese message.
 */
export function unscoredSpeechResult(
  item: SpeakingItem,
  reason: SpeechUnscoredReason,
  profile: ScoringProfile = CURRENT_SCORING_PROFILE,
): SpeechResult {
  return {
    kind: 'speech',
    score: 0,
    max: safeMax(item, profile),
    total_score: 0,
    estimate: 10,
    syllables: [],
    pauses: [],
    wpm: 0,
    traits: [],
    gatedBy: null,
    unscored: { reason, messageZh: UNSCORED_MESSAGES_ZH[reason] },
  };
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A phone of the free decode: where it is and its score (alignment.ts `free`). */
function isFreePhone(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    isFiniteNumber(p['start']) &&
    isFiniteNumber(p['duration']) &&
    p['duration'] >= 0 &&
    isFiniteNumber(p['p']) &&
    p['p'] >= 0 &&
    p['p'] <= 1
  );
}

/** The alignment as the engine promises it (alignment.ts); anything else is malformed. */
export function isAlignment(value: unknown): value is Alignment {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (!['align', 'keywords', 'answers'].includes(candidate['mode'] as string)) return false;
  if (!isFiniteNumber(candidate['audioSeconds']) || !Array.isArray(candidate['words']))
    return false;
  const free = candidate['free'];
  if (free !== undefined && !(Array.isArray(free) && free.every(isFreePhone))) return false;
  return candidate['words'].every((word: unknown) => {
    if (typeof word !== 'object' || word === null) return false;
    const entry = word as Record<string, unknown>;
    return (
      typeof entry['word'] === 'string' &&
      isFiniteNumber(entry['start']) &&
      entry['start'] >= 0 &&
      isFiniteNumber(entry['duration']) &&
      entry['duration'] >= 0 &&
      Array.isArray(entry['phones']) &&
      entry['phones'].every((phone: unknown) => {
        if (typeof phone !== 'object' || phone === null) return false;
        const p = phone as Record<string, unknown>;
        return (
          typeof p['phone'] === 'string' &&
          isFiniteNumber(p['p']) &&
          p['p'] >= 0 &&
          p['p'] <= 1 &&
          isFiniteNumber(p['frames']) &&
          p['frames'] >= 1
        );
      })
    );
  });
}

/** Recognised words, each judged against its answer's speaker when the profile says so. */
function openAnswerWords(alignment: Alignment, rubric: SpeakingRubric): ScoredWord[] | null {
  const words = recognisedWords(alignment, rubric);
  return words && withHeardLimit(words, alignment, rubric);
}

function syllableOf(word: ScoredWord, rubric: SpeakingRubric): SpeechSyllable {
  const phonemes: SpeechPhoneme[] = word.phones.map((phone) => {
    const score = scoreFromPenalty(penaltyOf([phone], rubric), rubric.phone);
    let type: SpeechPhoneme['type'] = word.omitted ? 'omitted' : verdictOf(score, rubric);
    // §7.4: show a phone as red only if its word is at least amber.
    if (type === 'bad' && word.verdict === 'good') type = 'unclear';
    return {
      text: arpabetToIpa(phone.phone),
      arpabet: phone.phone.toUpperCase(),
      type,
      score: word.omitted ? 0 : toEngineScale(score),
    };
  });
  return {
    word: word.text,
    score: word.omitted ? 0 : toEngineScale(word.score),
    type: word.verdict,
    start: Math.round(word.start * 100) / 100,
    end: Math.round(word.end * 100) / 100,
    omitted: word.omitted,
    ...(word.heardAs ? { heardAs: word.heardAs } : {}),
    ...(word.squeezed ? { squeezed: true } : {}),
    phonemes,
  };
}

/**
 * Scores one speaking answer (speech-engine.md §7.3, §7.4) under the profile's traits, gates and
 * speaking rubric. Never throws: an engine that could not hear the learner gives the unscored
 * result with its reason, and a malformed alignment gives the empty one (spec §8).
 */
export function scoreSpeaking(
  item: SpeakingItem,
  outcome: EngineOutcome,
  profile: ScoringProfile = CURRENT_SCORING_PROFILE,
): SpeechResult {
  try {
    return scoreOutcome(item, outcome, profile);
  } catch {
    return unscoredSpeechResult(item, 'invalid-result', profile);
  }
}

function scoreOutcome(
  item: SpeakingItem,
  outcome: EngineOutcome,
  profile: ScoringProfile,
): SpeechResult {
  if (typeof outcome !== 'object' || outcome === null) {
    return unscoredSpeechResult(item, 'invalid-result', profile);
  }
  if (!outcome.ok) {
    const reason = ENGINE_REASONS.includes(outcome.reason) ? outcome.reason : 'decode-failed';
    return unscoredSpeechResult(item, reason, profile);
  }
  const { alignment } = outcome;
  if (!isAlignment(alignment)) return unscoredSpeechResult(item, 'invalid-result', profile);

  const scoring = getTypeScoring(item.type, profile);
  const rubric = profile.speaking;
  const isReading = item.type === 'RA' || item.type === 'RS';
  if (isReading !== (alignment.mode === 'align')) {
    return unscoredSpeechResult(item, 'invalid-result', profile);
  }
  let words = isReading
    ? alignReference(
        item.type === 'RA' ? item.content.text : item.key.transcript,
        alignment,
        rubric,
      )
    : openAnswerWords(alignment, rubric);
  if (words === null) return unscoredSpeechResult(item, 'invalid-result', profile);
  // A read word shows red exactly when it costs content, so the table and the count agree.
  if (isReading) {
    const offTopic = isOffTopicReading(words, rubric);
    words = words.map((word): ScoredWord => {
      if (word.omitted) return word;
      if (offTopic || isContentError(word, rubric)) return { ...word, verdict: 'bad' };
      return word.verdict === 'bad' ? { ...word, verdict: 'unclear' } : word;
    });
  }

  const fluency = measureFluency(alignment, words, rubric, !isReading);
  const pronunciation = pronunciationOf(words, rubric);

  let content: ContentOutcome | null = null;
  let gatedBy: TraitId | null = null;
  const traits: TraitResult[] = scoring.traits.map((spec) => {
    switch (spec.trait) {
      case 'pronunciation':
        return {
          trait: spec.trait,
          score: Math.floor(pronunciation),
          max: 5,
          summaryZh: pronunciationSummaryZh(
            pronunciation,
            words,
            isReading,
            pronunciationCapOf(words, rubric),
          ),
          marks: [],
          measures: [
            { labelZh: '发音（半分一档）', value: String(pronunciation) },
            {
              labelZh: '读得清楚的词',
              value: `${words.filter((word) => word.verdict === 'good').length} / ${words.length}`,
            },
          ],
        };
      case 'fluency':
        return {
          trait: spec.trait,
          score: Math.floor(fluency.fluency),
          max: 5,
          summaryZh: fluencySummaryZh(fluency, rubric),
          marks: [],
          measures: [
            { labelZh: '流利度（半分一档）', value: String(fluency.fluency) },
            { labelZh: '语速', value: `${fluency.wpm} 词/分钟` },
            { labelZh: '犹豫', value: `${fluency.hesitations} 次` },
            { labelZh: '长停顿', value: `${fluency.longPauses} 次` },
            { labelZh: '最长连贯', value: `${fluency.longestRun} 个词` },
          ],
        };
      default: {
        // The content trait: content, RTS's appropriacy, ASQ's vocabulary.
        content = scoreContent(item, spec, words, rubric);
        return {
          trait: spec.trait,
          score: content.score,
          max: content.max,
          summaryZh: content.summaryZh,
          marks: [],
          measures: content.measures,
          ...(content.keyPoints ? { keyPoints: content.keyPoints } : {}),
        };
      }
    }
  });

  const contentTrait = traits.find((trait) => scoring.gates.includes(trait.trait));
  if (contentTrait && contentTrait.score === 0) gatedBy = contentTrait.trait;
  const zeroOthers = gatedBy !== null && rubric.zeroOthersWhenContentZero;
  const gatedTraits = zeroOthers
    ? traits.map((trait) =>
        trait.trait === 'pronunciation' || trait.trait === 'fluency'
          ? { ...trait, score: 0, summaryZh: `${GATED_ZH}${trait.summaryZh}` }
          : trait,
      )
    : traits;
  const score = gatedBy ? 0 : gatedTraits.reduce((sum, trait) => sum + trait.score, 0);
  const max = gatedTraits.reduce((sum, trait) => sum + trait.max, 0);

  const finalContent = content as ContentOutcome | null;
  let estimate: number;
  const weights = rubric.estimateWeights[item.type];
  if (!weights) {
    // ASQ (§7.4): 90 or 10.
    estimate = (finalContent?.share ?? 0) >= 1 ? 90 : 10;
  } else {
    const c = finalContent?.share ?? 0;
    const f = zeroOthers ? 0 : fluency.fluency / 5;
    const p = zeroOthers ? 0 : pronunciation / 5;
    const overall = weights.content * c + weights.fluency * f + weights.pronunciation * p;
    estimate = Math.round(10 + 80 * Math.min(Math.max(overall, 0), 1));
  }

  return {
    kind: 'speech',
    score,
    max,
    total_score: Math.round((estimate / SPEECH_SCORE_FACTOR) * 100) / 100,
    estimate,
    syllables: words.map((word) => syllableOf(word, rubric)),
    pauses: fluency.pauses,
    wpm: fluency.wpm,
    traits: gatedTraits,
    gatedBy,
    ...(finalContent?.keywords ? { keywords: finalContent.keywords } : {}),
    ...(finalContent?.templateRisk === undefined
      ? {}
      : { templateRisk: finalContent.templateRisk }),
  };
}
