/**
 * The August 2025 format with writing rules revised (issue 17): grammar and vocabulary by errors
 * per 100 words, now that the learner-error rules find most learners' errors (a count band made
 * for a checker that found almost none would zero a long essay for a few slips, and could not tell
 * a 200-word essay from a 300-word one); SWT without its final full stop keeps form, with a hint.
 * Attempts scored under pte-2025-08 keep that id and their stored scores.
 */
import { PTE_2025_08 } from './pte-2025-08';
import type { ScoringProfile, TraitSpec, TypeScoring } from './rubric';

/**
 * Grammar 0–2: up to 1 error per 100 words → 2 ("errors are rare"; one slip in a one-sentence
 * answer is 1 per 100), up to 3 → 1 ("errors that do not hinder"), more → 0. A dozen errors in a
 * 250-word essay is 4.8 → 0.
 */
export const DENSITY_GRAMMAR: TraitSpec = {
  trait: 'grammar',
  max: 2,
  errorDensityBands: [
    { maxPer100Words: 1, score: 2 },
    { maxPer100Words: 3, score: 1 },
  ],
  densityMinWords: 100,
};

/** Vocabulary 0–2: up to 1 lexical error per 100 words → 2, up to 2.5 → 1, more → 0. */
export const DENSITY_VOCABULARY: TraitSpec = {
  trait: 'vocabulary',
  max: 2,
  errorDensityBands: [
    { maxPer100Words: 1, score: 2 },
    { maxPer100Words: 2.5, score: 1 },
  ],
  densityMinWords: 100,
};

function revised(scoring: TypeScoring | undefined, swt = false): TypeScoring {
  if (!scoring) throw new Error('pte-2025-08 lacks a writing type');
  return {
    ...scoring,
    traits: scoring.traits.map((spec) => {
      if (spec.trait === 'grammar') return DENSITY_GRAMMAR;
      if (spec.trait === 'vocabulary') return DENSITY_VOCABULARY;
      if (swt && spec.trait === 'form') return { ...spec, finalStopIsHint: true };
      return spec;
    }),
  };
}

export const PTE_2025_08_R2: ScoringProfile = {
  ...PTE_2025_08,
  id: 'pte-2025-08-r2',
  labelZh: '2025 年 8 月改革后（写作按每百词错误数评分）',
  labelEn: 'PTE Academic from the August 2025 update, writing errors per 100 words',
  types: {
    ...PTE_2025_08.types,
    SWT: revised(PTE_2025_08.types.SWT, true),
    WE: revised(PTE_2025_08.types.WE),
    SST: revised(PTE_2025_08.types.SST),
  },
};
