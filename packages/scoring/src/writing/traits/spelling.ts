import type { TraitSpec } from '@ninety/contract';
import type { LanguageCheck } from '../language-check';
import { byErrorBands, type Result } from './shared';

/** Spelling (SST, WE): misspelt words by the profile's error bands, each shown with suggestions. */
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
