import {
  LEARNER_CATEGORY_ZH,
  VOCABULARY_CATEGORIES,
  type LearnerCategory,
} from './learner-errors/rules';

/**
 * What the language tools (a Hunspell speller and an offline grammar checker, see
 * `../language-tools`) found in a text. The trait scorers take it as plain data, so they stay pure
 * and can be tested with hand-written findings.
 */

export interface Misspelling {
  start: number;
  end: number;
  text: string;
  suggestions: string[];
}

/** A grammar checker finding; `kind` is the checker's own category (Harper's lint kinds). */
export interface LanguageIssue {
  start: number;
  end: number;
  text: string;
  kind: string;
  message: string;
  suggestion?: string;
}

export interface LanguageCheck {
  misspellings: Misspelling[];
  issues: LanguageIssue[];
}

export const NO_FINDINGS: LanguageCheck = { misspellings: [], issues: [] };

/**
 * Which findings count against which trait. Grammar: agreement, structure, word order, sentence
 * capitals, punctuation, run-together words, doubled words. Vocabulary: a wrong or non-standard
 * word. Everything else the checker offers (style, readability, redundancy, regional spelling,
 * "maybe a preposition") is advice, not an error Pearson's descriptors name, so it is not counted.
 * Spelling comes from the Hunspell speller, not from the checker.
 */
const GRAMMAR_KINDS: Record<string, string> = {
  Agreement: '主谓一致',
  Grammar: '语法',
  WordOrder: '语序',
  Capitalization: '大小写',
  Punctuation: '标点',
  BoundaryError: '词语连写或拆分',
  Repetition: '重复用词',
};

const VOCABULARY_KINDS: Record<string, string> = {
  WordChoice: '用词不当',
  Malapropism: '误用形近词',
  Eggcorn: '误用近音词',
  Nonstandard: '非标准用法',
  Usage: '用法错误',
};

/**
 * Findings of the learner-error rules (./learner-errors) have kinds `learner/<category>`; their
 * message is already Chinese and their suggestion the correction.
 */
export const LEARNER_KIND_PREFIX = 'learner/';

function learnerCategory(kind: string): LearnerCategory | undefined {
  if (!kind.startsWith(LEARNER_KIND_PREFIX)) return undefined;
  const category = kind.slice(LEARNER_KIND_PREFIX.length);
  return category in LEARNER_CATEGORY_ZH ? (category as LearnerCategory) : undefined;
}

export function isLearnerIssue(issue: LanguageIssue): boolean {
  return learnerCategory(issue.kind) !== undefined;
}

export function grammarIssues(check: LanguageCheck): LanguageIssue[] {
  return check.issues.filter((issue) => {
    const category = learnerCategory(issue.kind);
    return category ? !VOCABULARY_CATEGORIES.has(category) : issue.kind in GRAMMAR_KINDS;
  });
}

export function vocabularyIssues(check: LanguageCheck): LanguageIssue[] {
  return check.issues.filter((issue) => {
    const category = learnerCategory(issue.kind);
    return category ? VOCABULARY_CATEGORIES.has(category) : issue.kind in VOCABULARY_KINDS;
  });
}

/** The Chinese name of a finding's category, for the evidence list. */
export function issueLabelZh(kind: string): string {
  const category = learnerCategory(kind);
  if (category) return LEARNER_CATEGORY_ZH[category];
  return GRAMMAR_KINDS[kind] ?? VOCABULARY_KINDS[kind] ?? '语言问题';
}
