import type { TraitSpec, WritingRubric } from '@ninety/contract';
import { splitSentences, type Sentence } from '../text-analysis';
import { numericMax, proportional, type Result } from './shared';

const SUBORDINATE =
  /\b(although|though|because|since|unless|whereas|while|which|who|whom|whose|where|when|if|that|so that|even if)\b/i;
const VARIED_STRUCTURE =
  /\b(would|could|might|may|should)\b|\b(?:is|are|was|were|be|been|being)\s+\w+ed\b/i;

function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

function sameOpeningShare(sentences: readonly Sentence[]): number {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    const first = sentence.tokens[0]?.normal;
    if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return sentences.length === 0 ? 1 : Math.max(0, ...counts.values()) / sentences.length;
}

/**
 * General linguistic range (WE): varied sentence lengths, complex sentences, varied sentence
 * openings, and modal or passive structures. The share met gives the share of the maximum.
 */
export function scoreLinguisticRange(spec: TraitSpec, text: string, rubric: WritingRubric): Result {
  const sentences = splitSentences(text);
  const lengths = sentences.map((sentence) => sentence.tokens.length);
  const complex = sentences.filter((sentence) => SUBORDINATE.test(sentence.text)).length;
  const complexShare = sentences.length === 0 ? 0 : complex / sentences.length;
  const opening = sameOpeningShare(sentences);
  const criteria: [boolean, string][] = [
    [spread(lengths) >= rubric.minSentenceLengthSpread, '句子长短有变化'],
    [complexShare >= rubric.minComplexSentenceShare, '使用从句等复杂句'],
    [sentences.length >= 3 && opening <= rubric.maxSameOpeningShare, '句子开头方式多样'],
    [VARIED_STRUCTURE.test(text), '使用情态动词或被动语态等多样结构'],
  ];
  const met = criteria.filter(([ok]) => ok).length;
  const missing = criteria.filter(([ok]) => !ok).map(([, label]) => label);
  return {
    score: proportional(met, criteria.length, numericMax(spec)),
    summaryZh: missing.length === 0 ? '句式丰富' : `可改进：${missing.join('；')}`,
    marks: [],
    measures: [
      { labelZh: '句数', value: String(sentences.length) },
      { labelZh: '句长标准差', value: spread(lengths).toFixed(1) },
      { labelZh: '复杂句比例', value: `${Math.round(complexShare * 100)}%` },
    ],
  };
}
