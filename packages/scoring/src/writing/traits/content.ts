import type { TextMark, TraitSpec, WritingRubric } from '@ninety/contract';
import { isContentWord, stemOf, tokenize } from '../text-analysis';
import { numericMax, type Result } from './shared';

export interface ContentSource {
  /** The texts an answer is about: SWT passage, SST transcript, WE prompt. */
  sourceText: string;
  keyPoints: readonly { point: string; keywords: readonly string[] }[];
  sampleAnswer: string;
  /** WE: relevance is judged against the short prompt, not by share of words. */
  isEssay: boolean;
}

const stemsOf = (text: string) => tokenize(text).map((token) => stemOf(token.normal));

/** Where the stems of `phrase` occur in a row in `stems`, or -1. */
function findStems(stems: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  for (let start = 0; start + phrase.length <= stems.length; start += 1) {
    if (phrase.every((stem, offset) => stems[start + offset] === stem)) return start;
  }
  return -1;
}

/**
 * Content as coverage of the item's key points: a point counts when one of its keywords (or a
 * word form of it: "flexible" ~ "flexibility") appears. All points → the maximum; none → 0;
 * otherwise the covered share of the maximum, at least 1 and short of full marks. An answer
 * about something else (few of its words come from the source; for WE, hardly a word of the
 * prompt) gets 0, which the gate turns into an item score of 0.
 */
export function scoreContent(
  spec: TraitSpec,
  text: string,
  source: ContentSource,
  rubric: WritingRubric,
): Result {
  const max = numericMax(spec);
  const tokens = tokenize(text);
  const stems = tokens.map((token) => stemOf(token.normal));
  const marks: TextMark[] = [];
  const keyPoints = source.keyPoints.map((keyPoint) => {
    for (const keyword of keyPoint.keywords) {
      const phrase = stemsOf(keyword);
      const at = findStems(stems, phrase);
      if (at >= 0) {
        const first = tokens[at]!;
        const last = tokens[at + phrase.length - 1]!;
        const matched = text.slice(first.start, last.end);
        marks.push({
          start: first.start,
          end: last.end,
          text: matched,
          messageZh: `要点：${keyPoint.point}`,
        });
        return { point: keyPoint.point, covered: true, matched };
      }
    }
    return { point: keyPoint.point, covered: false };
  });
  const covered = keyPoints.filter((point) => point.covered).length;
  const share = keyPoints.length === 0 ? 0 : covered / keyPoints.length;

  const contentWords = tokens.filter((token) => isContentWord(token.normal));
  const known = new Set([
    ...stemsOf(source.sourceText),
    ...stemsOf(source.sampleAnswer),
    ...source.keyPoints.flatMap((point) => point.keywords.flatMap(stemsOf)),
  ]);
  const shared = contentWords.filter((token) => known.has(stemOf(token.normal)));
  const promptStems = new Set(
    tokenize(source.sourceText)
      .filter((token) => isContentWord(token.normal))
      .map((token) => stemOf(token.normal)),
  );
  const sharedWithPrompt = new Set(
    contentWords.map((token) => stemOf(token.normal)).filter((stem) => promptStems.has(stem)),
  ).size;
  const relevance = contentWords.length === 0 ? 0 : shared.length / contentWords.length;
  const offTopic =
    contentWords.length > 0 &&
    (source.isEssay
      ? sharedWithPrompt < rubric.minPromptWordsShared
      : relevance < rubric.minRelevantShare);

  let score: number;
  if (offTopic || covered === 0) score = 0;
  else if (covered === keyPoints.length) score = max;
  else score = Math.min(max - 1, Math.max(1, Math.round(share * max)));

  const summaryZh = offTopic
    ? '作答与题目内容关系不大，内容判为 0 分'
    : covered === 0
      ? '没有覆盖任何要点'
      : `覆盖了 ${covered}/${keyPoints.length} 个要点`;
  return {
    score,
    summaryZh,
    marks,
    measures: [
      { labelZh: '要点覆盖', value: `${covered}/${keyPoints.length}` },
      {
        labelZh: source.isEssay ? '与题目共有的实词' : '与原文相关的实词比例',
        value: source.isEssay ? String(sharedWithPrompt) : `${Math.round(relevance * 100)}%`,
      },
    ],
    keyPoints,
  };
}
