import {
  isOneSentence,
  type ErrorBand,
  type TextMark,
  type TraitResult,
  type TraitSpec,
  type WordCountBand,
  type WritingRubric,
} from '@ninety/contract';
import {
  grammarIssues,
  issueLabelZh,
  vocabularyIssues,
  type LanguageCheck,
  type LanguageIssue,
} from './language-check';
import {
  countWords,
  isContentWord,
  movingTypeTokenRatio,
  splitParagraphs,
  splitSentences,
  stemOf,
  tokenize,
  type Sentence,
} from './text-analysis';

/**
 * One function per writing trait (pte-rules §Part 1 SWT/WE, §Part 3 SST, §Gate rules; the bands
 * and thresholds come from the scoring profile). Each returns the score and the evidence the
 * learner sees: marks on their own words, measures, covered key points.
 */

type Result = Omit<TraitResult, 'trait' | 'max'>;

export function numericMax(spec: TraitSpec): number {
  if (typeof spec.max !== 'number') throw new Error(`${spec.trait} has no fixed maximum`);
  return spec.max;
}

function byErrorBands(bands: readonly ErrorBand[] | undefined, errors: number): number {
  return bands?.find((band) => errors <= band.maxErrors)?.score ?? 0;
}

function byWordCount(bands: readonly WordCountBand[] | undefined, words: number): number {
  return bands?.find((band) => words >= band.minWords && words <= band.maxWords)?.score ?? 0;
}

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

export function scoreSpelling(spec: TraitSpec, check: LanguageCheck): Result {
  const errors = check.misspellings.length;
  return {
    score: byErrorBands(spec.errorBands, errors),
    summaryZh: errors === 0 ? '未发现拼写错误' : `发现 ${errors} 处拼写错误`,
    marks: check.misspellings.map((miss) => ({
      start: miss.start,
      end: miss.end,
      text: miss.text,
      messageZh: '拼写错误',
      ...(miss.suggestions[0] ? { suggestion: miss.suggestions.slice(0, 3).join(' / ') } : {}),
    })),
    measures: [{ labelZh: '拼写错误', value: String(errors) }],
  };
}

function issueMark(issue: LanguageIssue): TextMark {
  return {
    start: issue.start,
    end: issue.end,
    text: issue.text,
    messageZh: `${issueLabelZh(issue.kind)}：${issue.message}`,
    ...(issue.suggestion ? { suggestion: issue.suggestion } : {}),
  };
}

export function scoreGrammar(spec: TraitSpec, check: LanguageCheck): Result {
  const issues = grammarIssues(check);
  return {
    score: byErrorBands(spec.errorBands, issues.length),
    summaryZh: issues.length === 0 ? '未发现语法错误' : `发现 ${issues.length} 处语法问题`,
    marks: issues.map(issueMark),
    measures: [{ labelZh: '语法问题', value: String(issues.length) }],
  };
}

/**
 * Vocabulary: lexical errors by the profile's bands; in WE a text of mainly repeated basic words
 * ("mainly basic vocabulary", Pearson's 0–1 descriptor) is held at 1 by lexical diversity.
 */
export function scoreVocabulary(
  spec: TraitSpec,
  text: string,
  check: LanguageCheck,
  rubric: WritingRubric,
  checkDiversity: boolean,
  /** A type without a spelling trait (SWT) still shows misspelt words, as hints that cost nothing. */
  showSpellingHints = false,
): Result {
  const issues = vocabularyIssues(check);
  const hints: TextMark[] = showSpellingHints
    ? check.misspellings.map((miss) => ({
        start: miss.start,
        end: miss.end,
        text: miss.text,
        messageZh: '拼写错误（本题型没有拼写分，仅作提示）',
        ...(miss.suggestions[0] ? { suggestion: miss.suggestions.slice(0, 3).join(' / ') } : {}),
      }))
    : [];
  let score = byErrorBands(spec.errorBands, issues.length);
  const notes = [issues.length === 0 ? '未发现用词错误' : `发现 ${issues.length} 处用词问题`];
  const measures = [{ labelZh: '用词问题', value: String(issues.length) }];
  if (checkDiversity) {
    const words = tokenize(text).map((token) => token.normal);
    const diversity = movingTypeTokenRatio(words);
    measures.push({ labelZh: '词汇多样性（MATTR）', value: diversity.toFixed(2) });
    if (diversity < rubric.minLexicalDiversity && score > 1) {
      score = 1;
      notes.push(
        `重复用词较多（多样性 ${diversity.toFixed(2)}，需 ≥ ${rubric.minLexicalDiversity}）`,
      );
    }
  }
  return {
    score,
    summaryZh: notes.join('；'),
    marks: [...issues.map(issueMark), ...hints],
    measures,
  };
}

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

function proportional(met: number, of: number, max: number): number {
  return Math.round((met / of) * max);
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
