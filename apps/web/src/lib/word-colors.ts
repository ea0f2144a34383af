/** A colour band for word scores (spec §3); persisted in sessionStorage under `wordColors`. */
export interface WordColorBand {
  id: number;
  start: number;
  end: number;
  color: string;
  status: number;
}

/** Spec §3: 85–100 green, 70–85 dark grey, 0–70 red. */
export const defaultWordColorBands: readonly WordColorBand[] = [
  { id: 1, start: 85, end: 100, color: '#52c41a', status: 2 },
  { id: 2, start: 70, end: 85, color: '#595959', status: 1 },
  { id: 3, start: 0, end: 70, color: '#ff4d4f', status: 0 },
];

/** A speech engine score is multiplied by this to reach the 0–90 PTE scale (spec §9). */
export const SCORE_FACTOR = 18;
const DEFAULT_TOTAL_SCORE = 10;
const PTE_MAX = 90;

/** The band of the highest start not above score × 18; undefined when no band starts that low. */
export function pickBand(
  score: number,
  bands: readonly WordColorBand[] = defaultWordColorBands,
): WordColorBand | undefined {
  const value = score * SCORE_FACTOR;
  return [...bands].sort((a, b) => b.start - a.start).find((band) => band.start <= value);
}

/** A 0–90 value as a percentage of the bar. */
export function toPercent(value: number): number {
  return (value / PTE_MAX) * 100;
}

/** The speech engine's total_score on the 0–90 scale; a missing score counts as 10. */
export function totalScore(raw: number | null | undefined): number {
  return (raw ?? DEFAULT_TOTAL_SCORE) * SCORE_FACTOR;
}
