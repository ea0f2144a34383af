import type { SkillScore } from '@ninety/contract';

/** The PTE scale the bands are drawn on. */
export const SCALE_MIN = 10;
export const SCALE_MAX = 90;

/** Where on a 10–90 scale a value sits, in percent of the scale's width. */
export function scalePercent(value: number): number {
  const clamped = Math.min(SCALE_MAX, Math.max(SCALE_MIN, value));
  return ((clamped - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)) * 100;
}

export interface BandGeometry {
  /** Left edge and width of the range, in percent of the scale. */
  left: number;
  width: number;
  /** The estimate's marker, in percent of the scale. */
  marker: number;
}

/**
 * How a skill's estimate and its range are drawn: a band from `low` to `high` with a marker at the
 * score. Null when nothing fed the skill (no number is invented). A range narrower than one point
 * still shows as a sliver.
 */
export function bandGeometry(
  skill: Pick<SkillScore, 'score' | 'low' | 'high'>,
): BandGeometry | null {
  if (skill.score === null) return null;
  const low = scalePercent(skill.low ?? skill.score);
  const high = scalePercent(skill.high ?? skill.score);
  return { left: low, width: Math.max(high - low, 1), marker: scalePercent(skill.score) };
}

/** The range in words: "58–72", or the score alone when the range is a point. */
export function rangeText(skill: Pick<SkillScore, 'score' | 'low' | 'high'>): string {
  if (skill.score === null) return '未评分';
  if (skill.low === null || skill.high === null || skill.low === skill.high)
    return `${skill.score}`;
  return `${skill.low}–${skill.high}`;
}
