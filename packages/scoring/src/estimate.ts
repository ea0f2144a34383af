import {
  CURRENT_SCORING_PROFILE,
  getTypeScoring,
  SkillSchema,
  type ItemTypeCode,
  type ScoringProfile,
  type Skill,
} from '@ninety/contract';

/**
 * The 估分 of one item on the 10–90 scale: 10 + 80 × raw / max. Pearson does not publish how an
 * item's raw score maps to the scale, so this is a linear practice estimate and is always shown
 * labelled 估分 (pte-rules §Scale and report).
 */
export function estimateItemScore(score: number, max: number): number {
  if (max <= 0) return 10;
  return Math.round(10 + (80 * Math.min(Math.max(score, 0), max)) / max);
}

export interface SkillContribution {
  skill: Skill;
  /** The type's weight in that skill under the profile (see the table in contract's scoring-profiles/common.ts). */
  weight: number;
  /** The item's 10–90 estimate as it counts toward that skill. */
  estimate: number;
}

/** The skills an item feeds under the profile, with the item's estimate for each. */
export function skillContributions(
  type: ItemTypeCode,
  score: number,
  max: number,
  profile: ScoringProfile = CURRENT_SCORING_PROFILE,
): SkillContribution[] {
  const { skills } = getTypeScoring(type, profile);
  const estimate = estimateItemScore(score, max);
  return SkillSchema.options
    .filter((skill) => (skills[skill] ?? 0) > 0)
    .map((skill) => ({ skill, weight: skills[skill] ?? 0, estimate }));
}
