import type { TraitSpec } from '@ninety/contract';
import { grammarIssues, type LanguageCheck } from '../language-check';
import { byErrors, issueMark, type Result } from './shared';

/**
 * Grammar: the checker's and the learner-error rules' grammar findings (not style or
 * readability), by the profile's bands: per 100 words (pte-2025-08-r2) or by count.
 */
export function scoreGrammar(spec: TraitSpec, check: LanguageCheck, words = 0): Result {
  const issues = grammarIssues(check);
  const { score, per100Words } = byErrors(spec, issues.length, words);
  return {
    score,
    summaryZh: issues.length === 0 ? '未发现语法错误' : `发现 ${issues.length} 处语法问题`,
    marks: issues.map(issueMark),
    measures: [
      { labelZh: '语法问题', value: String(issues.length) },
      ...(per100Words === undefined
        ? []
        : [{ labelZh: '每百词语法问题', value: per100Words.toFixed(1) }]),
    ],
  };
}
