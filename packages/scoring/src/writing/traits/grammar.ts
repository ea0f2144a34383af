import type { TraitSpec } from '@ninety/contract';
import { grammarIssues, type LanguageCheck } from '../language-check';
import { byErrorBands, issueMark, type Result } from './shared';

/** Grammar: the checker's grammar findings (not style or readability) by the profile's bands. */
export function scoreGrammar(spec: TraitSpec, check: LanguageCheck): Result {
  const issues = grammarIssues(check);
  return {
    score: byErrorBands(spec.errorBands, issues.length),
    summaryZh: issues.length === 0 ? '未发现语法错误' : `发现 ${issues.length} 处语法问题`,
    marks: issues.map(issueMark),
    measures: [{ labelZh: '语法问题', value: String(issues.length) }],
  };
}
