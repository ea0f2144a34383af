import type { TraitSpec, WritingRubric } from '@ninety/contract';
import { splitParagraphs, splitSentences } from '../text-analysis';
import { numericMax, proportional, type Result } from './shared';

const LINKING = [
  'however',
  'moreover',
  'furthermore',
  'in addition',
  'additionally',
  'therefore',
  'consequently',
  'as a result',
  'for example',
  'for instance',
  'on the other hand',
  'in contrast',
  'nevertheless',
  'nonetheless',
  'admittedly',
  'although',
  'whereas',
  'firstly',
  'secondly',
  'finally',
  'in conclusion',
  'to conclude',
  'to sum up',
  'overall',
  'similarly',
  'likewise',
  'in particular',
  'thus',
  'hence',
  'meanwhile',
  'on the one hand',
  'in fact',
  'indeed',
  'for this reason',
  'in other words',
  'at the same time',
  'despite',
  'in spite of',
  'not only',
  'another',
  'instead',
  'rather than',
  'provided that',
  'as well as',
  'this means',
  'because',
  'while',
  'also',
  'first',
  'second',
];
/**
 * An introduction takes a position, or, for a discuss-both-sides or problem–solution task, names
 * what the essay will weigh or propose.
 */
const POSITION =
  /\b(i (?:\w+ly )?(?:agree|disagree|believe|think|would argue|support|oppose|feel)|in my (?:opinion|view)|this essay|i am (?:convinced|in favour)|from my perspective|benefits|advantages|drawbacks|disadvantages|pros and cons|causes|solutions|measures|both)\b/i;
const CONCLUSION =
  /^\s*(in conclusion|to conclude|to sum up|in summary|overall|all in all|on balance|ultimately|in my (?:opinion|view)|taking everything into account)\b/i;
/** Supporting detail: a marked example, or a concrete case ("a worker who…", "in Japan…"). */
const EXAMPLE =
  /\b(for example|for instance|such as|e\.g\.|a case in point|to illustrate|including|a good example|imagine|an? (?:\w+ )?\w+ who(?:se)?)\b/i;
/** A named place or body ("in Japan", "in the United States"): case matters, so no `i` flag. */
const NAMED_CASE = /\b[Ii]n (?:the )?\p{Lu}\p{Ll}+/u;

function hasPhrase(lower: string, phrase: string): boolean {
  return new RegExp(`\\b${phrase.replace(/ /g, '\\s+')}\\b`).test(lower);
}

/**
 * Development, structure and coherence (WE): an introduction that takes a position, body
 * paragraphs of more than one sentence, examples, a marked conclusion, linking expressions, and
 * enough paragraphs. The share of these met gives the share of the maximum.
 */
export function scoreDevelopment(spec: TraitSpec, text: string, rubric: WritingRubric): Result {
  const paragraphs = splitParagraphs(text);
  const lower = text.toLowerCase();
  const linking = LINKING.filter((phrase) => hasPhrase(lower, phrase));
  const body = paragraphs.slice(1, -1);
  const criteria: [boolean, string][] = [
    [paragraphs.length >= rubric.minParagraphs, `分段（空行分隔）至少 ${rubric.minParagraphs} 段`],
    [POSITION.test(paragraphs[0] ?? ''), '开头段明确表明观点'],
    [
      body.length > 0 && body.every((paragraph) => splitSentences(paragraph).length >= 2),
      '主体段展开论述（每段不少于两句）',
    ],
    [EXAMPLE.test(text) || NAMED_CASE.test(text), '用例子支撑观点'],
    [
      paragraphs.length >= 2 && CONCLUSION.test(paragraphs[paragraphs.length - 1] ?? ''),
      '结尾段有总结（如 In conclusion）',
    ],
    [
      linking.length >= rubric.minLinkingExpressions,
      `使用至少 ${rubric.minLinkingExpressions} 种衔接词`,
    ],
  ];
  const met = criteria.filter(([ok]) => ok).length;
  const missing = criteria.filter(([ok]) => !ok).map(([, label]) => label);
  return {
    score: proportional(met, criteria.length, numericMax(spec)),
    summaryZh: missing.length === 0 ? '结构完整，衔接清楚' : `可改进：${missing.join('；')}`,
    marks: [],
    measures: [
      { labelZh: '段落', value: String(paragraphs.length) },
      { labelZh: '衔接词', value: linking.length > 0 ? linking.join(', ') : '无' },
      { labelZh: '达成', value: `${met}/${criteria.length}` },
    ],
  };
}
