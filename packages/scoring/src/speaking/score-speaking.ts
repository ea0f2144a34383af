import {
  CURRENT_SCORING_PROFILE,
  getTypeScoring,
  maxRawScore,
  SPEECH_SCORE_FACTOR,
  type ItemOf,
  type ScoringProfile,
  type SpeakingRubric,
  type SpeechPhoneme,
  type SpeechResult,
  type SpeechSyllable,
  type SpeechUnscoredReason,
  type TraitId,
  type TraitResult,
  type TraitSpec,
} from '@ninety/contract';
import type { Alignment, EngineOutcome } from './alignment';
import { arpabetToIpa } from './arpabet';
import { measureFluency, type FluencyMeasures } from './fluency';
import {
  keywordContent,
  pronunciationOf,
  readAloudContent,
  repeatSentenceContent,
  shortAnswerCorrect,
} from './traits';
import {
  alignReference,
  penaltyOf,
  recognisedWords,
  scoreFromPenalty,
  toEngineScale,
  verdictOf,
  type ScoredWord,
} from './words';

export type SpeakingTypeCode = 'RA' | 'RS' | 'DI' | 'RL' | 'ASQ' | 'RTS' | 'SGD';
export type SpeakingItem = ItemOf<SpeakingTypeCode>;
export const SPEAKING_TYPE_CODES: readonly SpeakingTypeCode[] = [
  'RA',
  'RS',
  'DI',
  'RL',
  'ASQ',
  'RTS',
  'SGD',
];

export function isSpeakingItem(item: { type: string }): item is SpeakingItem {
  return (SPEAKING_TYPE_CODES as readonly string[]).includes(item.type);
}

/** What the learner reads when a recording could not be scored (speech-engine.md §7.2). */
export const UNSCORED_MESSAGES_ZH: Record<SpeechUnscoredReason, string> = {
  'no-speech': '没有听清：录音里没有听到说话声，请检查麦克风后再录一次。',
  'too-quiet': '没有听清：声音太小，请靠近麦克风或调高音量后再录一次。',
  clipped: '没有听清：声音过大出现了失真，请离麦克风远一些再录一次。',
  'decode-failed': '没有听清：这段录音无法识别，请在安静的环境里清楚地再录一次。',
  'invalid-result': '没有听清：评分结果无法解析，请再录一次。',
};

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

/** The alignment as the engine promises it (alignment.ts); anything else is malformed. */
export function isAlignment(value: unknown): value is Alignment {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (!['align', 'keywords', 'answers'].includes(candidate['mode'] as string)) return false;
  if (!isFiniteNumber(candidate['audioSeconds']) || !Array.isArray(candidate['words']))
    return false;
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

const list = (words: readonly string[], limit = 8) =>
  words.length > limit
    ? `${words.slice(0, limit).join('、')} 等 ${words.length} 个`
    : words.join('、');
const quoted = (words: readonly string[]) => list(words.map((word) => `“${word}”`));

/** pte-rules §Pronunciation and fluency bands, 0–5. */
const BANDS_ZH = ['难以听懂', '有限', '中等', '良好', '熟练', '接近母语'];

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
    phonemes,
  };
}

interface ContentOutcome {
  score: number;
  max: number;
  /** C / C_max for the estimate. */
  share: number;
  summaryZh: string;
  measures: TraitResult['measures'];
  keyPoints?: TraitResult['keyPoints'];
  keywords?: SpeechResult['keywords'];
}

function wordErrorsZh(errors: readonly ScoredWord[]): string {
  const omitted = errors.filter((word) => word.omitted).map((word) => word.text);
  const misread = errors.filter((word) => !word.omitted).map((word) => word.text);
  return [
    omitted.length > 0 ? `没有听到：${list(omitted)}` : '',
    misread.length > 0 ? `没有读对：${list(misread)}` : '',
  ]
    .filter(Boolean)
    .join('；');
}

function scoreContent(
  item: SpeakingItem,
  spec: TraitSpec,
  words: readonly ScoredWord[],
  rubric: SpeakingRubric,
): ContentOutcome {
  const numericMax = typeof spec.max === 'number' ? spec.max : words.length;
  switch (item.type) {
    case 'RA': {
      const { score, max, errors } = readAloudContent(words, rubric);
      const errorsZh = wordErrorsZh(errors);
      return {
        score,
        max,
        share: max === 0 ? 0 : score / max,
        summaryZh: `读对 ${score} / ${max} 个词${errorsZh ? `；${errorsZh}` : '，没有漏读或读错的词'}。`,
        measures: [{ labelZh: '读对的词', value: `${score} / ${max}` }],
      };
    }
    case 'RS': {
      const { score, share, errors } = repeatSentenceContent(words, spec.shareBands ?? [], rubric);
      const said = words.length - errors.length;
      const errorsZh = wordErrorsZh(errors);
      return {
        score,
        max: numericMax,
        share: numericMax === 0 ? 0 : score / numericMax,
        summaryZh: `复述出 ${said} / ${words.length} 个词（${Math.round(share * 100)}%）${errorsZh ? `；${errorsZh}` : ''}。`,
        measures: [{ labelZh: '复述出的词', value: `${said} / ${words.length}` }],
      };
    }
    case 'ASQ': {
      const answer = shortAnswerCorrect(words, item.key.acceptedAnswers, rubric);
      return {
        score: answer === null ? 0 : numericMax,
        max: numericMax,
        share: answer === null ? 0 : 1,
        summaryZh:
          answer === null
            ? `没有听到可接受的答案（参考：${item.key.acceptedAnswers.join(' / ')}）。`
            : `回答正确：听到“${answer}”。`,
        measures: [],
      };
    }
    case 'DI':
    case 'RL':
    case 'RTS':
    case 'SGD': {
      const { score, points } = keywordContent(words, item.key.keyPoints, numericMax, rubric);
      const covered = points.filter((point) => point.covered);
      const missed = points.filter((point) => !point.covered);
      return {
        score,
        max: numericMax,
        share: numericMax === 0 ? 0 : score / numericMax,
        summaryZh:
          `答到 ${covered.length} / ${points.length} 个要点` +
          (missed.length > 0
            ? `；没有听到：${quoted(missed.map((point) => point.keywords[0] ?? point.point))}`
            : '') +
          '。只按关键词判断，同义改述不计分。',
        measures: [{ labelZh: '答到的要点', value: `${covered.length} / ${points.length}` }],
        keyPoints: points.map((point) => ({
          point: point.point,
          covered: point.covered,
          ...(point.matched === undefined ? {} : { matched: point.matched }),
        })),
        keywords: {
          covered: covered.flatMap((point) => (point.matched === undefined ? [] : [point.matched])),
          missed: missed.map((point) => point.keywords.join(' / ')),
        },
      };
    }
  }
}

function pronunciationSummaryZh(
  value: number,
  words: readonly ScoredWord[],
  isReading: boolean,
): string {
  const unclear = words.filter((word) => word.verdict === 'unclear' || word.verdict === 'bad');
  // The trait counts whole points (as PTE's 0–5 traits do), a half point rounded down; the half
  // point is shown beside it and counts in the 估分, so the sentence names both.
  const points = Math.floor(value);
  const band = BANDS_ZH[points] ?? BANDS_ZH[0];
  return (
    `发音 ${points} / 5（${band}${points === value ? '' : `，细分 ${value}`}）` +
    (unclear.length > 0
      ? `；读得不清楚的词：${list(unclear.map((word) => word.text))}，点开单词看音素。`
      : '；听到的词都读得清楚。') +
    // §7.3: open tasks are scored only over the words recognised, with less confidence.
    (isReading ? '' : '（只按识别出的词估计，仅供参考。）')
  );
}

function fluencySummaryZh(measures: FluencyMeasures, rubric: SpeakingRubric): string {
  const parts: string[] = [];
  const pace =
    measures.wpm > rubric.maxWpm ? '偏快' : measures.wpm < rubric.slowWpm ? '偏慢' : '适中';
  parts.push(`语速 ${measures.wpm} 词/分钟，${pace}`);
  const long = measures.pauses.filter((pause) => pause.kind === 'long');
  if (long.length > 0) {
    parts.push(`在 ${quoted(long.map((pause) => pause.afterWord))} 后停顿过长`);
  }
  const hesitant = measures.pauses.filter((pause) => pause.kind === 'hesitation');
  if (hesitant.length > 0) {
    parts.push(`在 ${quoted(hesitant.map((pause) => pause.afterWord))} 后有犹豫停顿`);
  }
  if (measures.fillers > 0) parts.push(`有 ${measures.fillers} 处 “um / uh” 一类的填充音`);
  if (measures.repetitions > 0) parts.push(`重复了 ${measures.repetitions} 次`);
  if (measures.longestRun < rubric.minLongestRun) {
    parts.push(`最长只连贯说出 ${measures.longestRun} 个词，像是一个词一个词地蹦`);
  }
  if (parts.length === 1 && pace === '适中') parts.push('停顿自然');
  return `${parts.join('；')}。`;
}

const GATED_ZH = '内容得 0 分，按评分规则本项也记 0 分。实测：';

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
  const words = isReading
    ? alignReference(
        item.type === 'RA' ? item.content.text : item.key.transcript,
        alignment,
        rubric,
      )
    : recognisedWords(alignment, rubric);
  if (words === null) return unscoredSpeechResult(item, 'invalid-result', profile);

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
          summaryZh: pronunciationSummaryZh(pronunciation, words, isReading),
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
  };
}
