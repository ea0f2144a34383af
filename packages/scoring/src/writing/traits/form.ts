import {
  CHINESE_PUNCTUATION_HINT_ZH,
  countSentences,
  isOneSentence,
  type TextMark,
  type TraitSpec,
  type WordCountBand,
} from '@ninety/contract';
import { countWords, splitSentences } from '../text-analysis';
import { byWordCount, numericMax, type Result } from './shared';

const bandsText = (bands: readonly WordCountBand[]) =>
  bands.map((band) => `${band.minWords}–${band.maxWords}`).join('、');

const BULLET_LINE = /^[ \t]*(?:[-*•·▪●◦–—→o]|\d{1,2}[.)、])[ \t]+\S.*$/gmu;

/** Words that open a sentence: after "Plan B." or "World War I." they start a second one. */
const SENTENCE_OPENERS =
  'the this these that those it its they their there we our he she his her a an in as however moreover therefore thus furthermore also although while when if for but and so such consequently'.split(
    ' ',
  );

/**
 * Second sentences the shared splitter lets through (issue 17), for SWT's one-sentence rule: one
 * starting in lower case after a full stop ("…grows. it also…"), one after a capital letter that
 * ends a name ("…called Plan B. The plan…", "World War I. It…"), and one with no space after the
 * full stop ("…grows.It also…"). Returns where each such sentence starts.
 */
export function hiddenSentenceStarts(text: string): number[] {
  const starts: number[] = [];
  for (const match of text.matchAll(/(\p{L}{2,})[.!?]+\s+(\p{Ll}\p{L}*)/gu)) {
    const before = match[1]!.toLowerCase();
    if (['eg', 'ie', 'etc', 'vs', 'approx', 'no', 'fig', 'al'].includes(before)) continue;
    starts.push((match.index ?? 0) + match[0].length - match[2]!.length);
  }
  for (const match of text.matchAll(
    /\b\p{Lu}\p{L}+\s+(?:\p{Lu}|I{1,3}|IV|V|VI{1,3})\.\s+(\p{Lu}\p{Ll}*)\b/gu,
  )) {
    if (!SENTENCE_OPENERS.includes(match[1]!.toLowerCase())) continue;
    starts.push((match.index ?? 0) + match[0].length - match[1]!.length);
  }
  for (const match of text.matchAll(/\p{Ll}{2,}[.!?](\p{Lu}\p{Ll}+)/gu))
    starts.push((match.index ?? 0) + match[0].length - match[1]!.length);
  return [...new Set(starts)].sort((a, b) => a - b);
}

/**
 * Form (pte-rules §Gate rules): the word-count band, one sentence for SWT, and no answer in all
 * capitals, without punctuation or in bullet points (each of those loses form outright).
 */
export function scoreForm(spec: TraitSpec, text: string, chinesePunctuation = false): Result {
  const words = countWords(text);
  const sentences = splitSentences(text);
  const marks: TextMark[] = [];
  const problems: string[] = [];
  let score = byWordCount(spec.wordCountBands, words);
  const bands = spec.wordCountBands ?? [];
  const full = bands.find((band) => band.score === numericMax(spec));
  if (score === 0) problems.push(`词数 ${words}，不在可得分的范围（${bandsText(bands)} 词）内`);
  else if (score < numericMax(spec) && full)
    problems.push(`词数 ${words}，满分需要 ${full.minWords}–${full.maxWords} 词`);

  const hints: string[] = [];
  const hidden = spec.finalStopIsHint ? hiddenSentenceStarts(text) : [];
  // Pearson's rule is one complete sentence; the final full stop is advice (pte-2025-08-r2).
  // An answer with no punctuation at all loses form below; it gets that reason, not the
  // "no deduction" hint about the final full stop, which would contradict it.
  const noPunctuation = words >= 3 && !/[.,;:!?]/.test(text);
  const missingStopOnly =
    !noPunctuation &&
    spec.finalStopIsHint === true &&
    countSentences(text) === 1 &&
    hidden.length === 0 &&
    !/[.!?]["'”’)\]]*$/u.test(text.trim());
  if (spec.requiresOneSentence && words > 0 && missingStopOnly) {
    hints.push('提示：句末建议加上句号（不扣分）');
    const end = text.trimEnd().length;
    const lastWord = /\S+$/u.exec(text.trimEnd());
    marks.push({
      start: end - (lastWord?.[0].length ?? 0),
      end,
      text: lastWord?.[0] ?? '',
      messageZh: '句末缺少句号：不扣分，但建议以句号结尾',
      suggestion: `${lastWord?.[0] ?? ''}.`,
    });
  } else if (
    !noPunctuation &&
    spec.requiresOneSentence &&
    words > 0 &&
    (!isOneSentence(text) || hidden.length > 0)
  ) {
    score = 0;
    const count = Math.max(sentences.length, 1) + hidden.length;
    problems.push(
      count > 1 ? `须写成一个句子，当前为 ${count} 句` : '须写成一个以句号结尾的完整句子',
    );
    for (const sentence of sentences.slice(1))
      marks.push({
        start: sentence.start,
        end: sentence.end,
        text: sentence.text,
        messageZh: '第二个句子：本题只能写一句',
      });
    for (const start of hidden) {
      const stop = text.slice(start).search(/[.!?](?:\s|$)/u);
      const end = stop < 0 ? text.trimEnd().length : start + stop + 1;
      marks.push({
        start,
        end,
        text: text.slice(start, end),
        messageZh: '第二个句子（句号之后另起一句）：本题只能写一句',
      });
    }
  }
  if (chinesePunctuation) hints.push(CHINESE_PUNCTUATION_HINT_ZH);
  const letters = text.match(/\p{L}/gu) ?? [];
  const capitals = text.match(/\p{Lu}/gu) ?? [];
  if (letters.length >= 10 && capitals.length / letters.length > 0.9) {
    score = 0;
    problems.push('全部使用大写字母');
  }
  if (noPunctuation) {
    score = 0;
    problems.push(
      spec.finalStopIsHint ? '没有任何标点符号（至少应以句号结尾）' : '没有任何标点符号',
    );
  }
  const bullets = [...text.matchAll(BULLET_LINE)];
  if (bullets.length > 0) {
    score = 0;
    problems.push('使用了项目符号或编号列表，须写成连贯的段落');
    for (const bullet of bullets) {
      const start = bullet.index ?? 0;
      marks.push({
        start,
        end: start + bullet[0].length,
        text: bullet[0],
        messageZh: '项目符号或编号',
      });
    }
  }
  return {
    score,
    summaryZh: [problems.length > 0 ? problems.join('；') : '字数与格式符合要求', ...hints].join(
      '；',
    ),
    marks,
    measures: [
      { labelZh: '词数', value: String(words) },
      { labelZh: '句数', value: String(sentences.length) },
    ],
  };
}
