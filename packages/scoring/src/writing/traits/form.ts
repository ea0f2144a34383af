import { isOneSentence, type TextMark, type TraitSpec, type WordCountBand } from '@ninety/contract';
import { countWords, splitSentences } from '../text-analysis';
import { byWordCount, numericMax, type Result } from './shared';

const bandsText = (bands: readonly WordCountBand[]) =>
  bands.map((band) => `${band.minWords}–${band.maxWords}`).join('、');

const BULLET_LINE = /^[ \t]*(?:[-*•·▪●◦]|\d{1,2}[.)、])[ \t]+\S.*$/gmu;

/**
 * Form (pte-rules §Gate rules): the word-count band, one sentence for SWT, and no answer in all
 * capitals, without punctuation or in bullet points (each of those loses form outright).
 */
export function scoreForm(spec: TraitSpec, text: string): Result {
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

  if (spec.requiresOneSentence && words > 0 && !isOneSentence(text)) {
    score = 0;
    problems.push(
      sentences.length > 1
        ? `须写成一个句子，当前为 ${sentences.length} 句`
        : '须写成一个以句号结尾的完整句子',
    );
    for (const sentence of sentences.slice(1))
      marks.push({
        start: sentence.start,
        end: sentence.end,
        text: sentence.text,
        messageZh: '第二个句子：本题只能写一句',
      });
  }
  const letters = text.match(/\p{L}/gu) ?? [];
  const capitals = text.match(/\p{Lu}/gu) ?? [];
  if (letters.length >= 10 && capitals.length / letters.length > 0.9) {
    score = 0;
    problems.push('全部使用大写字母');
  }
  if (words >= 3 && !/[.,;:!?]/.test(text)) {
    score = 0;
    problems.push('没有任何标点符号');
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
    summaryZh: problems.length > 0 ? problems.join('；') : '字数与格式符合要求',
    marks,
    measures: [
      { labelZh: '词数', value: String(words) },
      { labelZh: '句数', value: String(sentences.length) },
    ],
  };
}
