/**
 * The content trait of a speaking answer (content; RTS's appropriacy; ASQ's vocabulary) by item
 * type: the words read for RA and RS, the accepted answer for ASQ, key points for the open tasks
 * (speech-engine.md §7.4). Its share of the maximum feeds the estimate.
 */
import type { SpeakingRubric, SpeechResult, TraitResult, TraitSpec } from '@ninety/contract';
import type { SpeakingItem } from './speaking-item';
import {
  keyPointsSummaryZh,
  readAloudSummaryZh,
  repeatSentenceSummaryZh,
  shortAnswerSummaryZh,
} from './summaries-zh';
import {
  keywordContent,
  type KeyPointHeard,
  readAloudContent,
  repeatSentenceContent,
  shortAnswerCorrect,
} from './traits';
import { isTemplateRisk } from './open-answers';
import type { ScoredWord } from './words';

export interface ContentOutcome {
  score: number;
  max: number;
  /** C / C_max for the estimate. */
  share: number;
  summaryZh: string;
  measures: TraitResult['measures'];
  keyPoints?: TraitResult['keyPoints'];
  keywords?: SpeechResult['keywords'];
  /** Open answers under a profile with the whole-answer check (open-answers.ts). */
  templateRisk?: boolean;
}

export function scoreContent(
  item: SpeakingItem,
  spec: TraitSpec,
  words: readonly ScoredWord[],
  rubric: SpeakingRubric,
): ContentOutcome {
  const numericMax = typeof spec.max === 'number' ? spec.max : words.length;
  switch (item.type) {
    case 'RA': {
      const { score, max, errors } = readAloudContent(words, rubric);
      return {
        score,
        max,
        share: max === 0 ? 0 : score / max,
        summaryZh: readAloudSummaryZh(score, max, errors),
        measures: [{ labelZh: '读对的词', value: `${score} / ${max}` }],
      };
    }
    case 'RS': {
      const { score, share, errors } = repeatSentenceContent(words, spec.shareBands ?? [], rubric);
      const said = words.length - errors.length;
      return {
        score,
        max: numericMax,
        share: numericMax === 0 ? 0 : score / numericMax,
        summaryZh: repeatSentenceSummaryZh(said, words.length, share, errors),
        measures: [{ labelZh: '复述出的词', value: `${said} / ${words.length}` }],
      };
    }
    case 'ASQ': {
      const answer = shortAnswerCorrect(words, item.key.acceptedAnswers, rubric);
      return {
        score: answer === null ? 0 : numericMax,
        max: numericMax,
        share: answer === null ? 0 : 1,
        summaryZh: shortAnswerSummaryZh(answer, item.key.acceptedAnswers),
        measures: [],
      };
    }
    case 'DI':
    case 'RL':
    case 'RTS':
    case 'SGD': {
      const heard = keywordContent(words, item.key.keyPoints, numericMax, rubric);
      // The whole-answer check (issue 15): too little evidence that the answer is about the item
      // is a template or off-topic answer; its key points are not counted, and the page says so.
      const templateRisk = isTemplateRisk(words, heard.points, item.key.keyPoints, rubric);
      const points: KeyPointHeard[] = templateRisk
        ? heard.points.map((point) => ({
            point: point.point,
            covered: false,
            keywords: point.keywords,
          }))
        : heard.points;
      const score = templateRisk ? 0 : heard.score;
      const covered = points.filter((point) => point.covered);
      const missed = points.filter((point) => !point.covered);
      return {
        score,
        max: numericMax,
        share: numericMax === 0 ? 0 : score / numericMax,
        summaryZh: keyPointsSummaryZh(
          covered.length,
          points.length,
          missed.map((point) => point.keywords[0] ?? point.point),
          templateRisk,
        ),
        ...(rubric.openAnswers?.minEvidence === undefined ? {} : { templateRisk }),
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
