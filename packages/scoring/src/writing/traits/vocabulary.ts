import type { TextMark, TraitSpec, WritingRubric } from '@ninety/contract';
import { vocabularyIssues, type LanguageCheck } from '../language-check';
import { countWords, movingTypeTokenRatio, tokenize } from '../text-analysis';
import { byErrors, issueMark, type Result } from './shared';

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
  const words = countWords(text);
  const errors = byErrors(spec, issues.length, words);
  let score = errors.score;
  const notes = [issues.length === 0 ? '未发现用词错误' : `发现 ${issues.length} 处用词问题`];
  const measures = [{ labelZh: '用词问题', value: String(issues.length) }];
  if (errors.per100Words !== undefined)
    measures.push({ labelZh: '每百词用词问题', value: errors.per100Words.toFixed(1) });
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
