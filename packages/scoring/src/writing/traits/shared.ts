import type { ErrorBand, TextMark, TraitResult, TraitSpec, WordCountBand } from '@ninety/contract';
import { isLearnerIssue, issueLabelZh, type LanguageIssue } from '../language-check';

/** What the writing trait scorers share: their result, the profile's bands, checker marks. */

/** A trait's score and evidence; score-writing.ts adds the trait and its maximum. */
export type Result = Omit<TraitResult, 'trait' | 'max'>;

export function numericMax(spec: TraitSpec): number {
  if (typeof spec.max !== 'number') throw new Error(`${spec.trait} has no fixed maximum`);
  return spec.max;
}

export function byErrorBands(bands: readonly ErrorBand[] | undefined, errors: number): number {
  return bands?.find((band) => errors <= band.maxErrors)?.score ?? 0;
}

/**
 * A trait scored by errors: per 100 words when the profile says so (pte-2025-08-r2), else by the
 * count. Returns the score and, for the evidence, the density it was read from.
 */
export function byErrors(
  spec: TraitSpec,
  errors: number,
  words: number,
): { score: number; per100Words?: number } {
  if (!spec.errorDensityBands) return { score: byErrorBands(spec.errorBands, errors) };
  const per100Words = (errors * 100) / Math.max(words, spec.densityMinWords ?? 1, 1);
  const band = spec.errorDensityBands.find((each) => per100Words <= each.maxPer100Words + 1e-9);
  return { score: band?.score ?? 0, per100Words };
}

export function byWordCount(bands: readonly WordCountBand[] | undefined, words: number): number {
  return bands?.find((band) => words >= band.minWords && words <= band.maxWords)?.score ?? 0;
}

/** A checker finding as a mark on the learner's words, its category named in Chinese. */
export function issueMark(issue: LanguageIssue): TextMark {
  return {
    start: issue.start,
    end: issue.end,
    text: issue.text,
    // Harper explains in English: its finding is named by category only, with its correction.
    messageZh: isLearnerIssue(issue)
      ? `${issueLabelZh(issue.kind)}：${issue.message}`
      : `${issueLabelZh(issue.kind)}${issue.suggestion ? '：可改为括号中建议的写法' : '：请检查此处'}`,
    ...(issue.suggestion !== undefined ? { suggestion: issue.suggestion || '（删去）' } : {}),
  };
}

/** The share of criteria met as the same share of the maximum, rounded. */
export function proportional(met: number, of: number, max: number): number {
  return Math.round((met / of) * max);
}
