import { defaultWordColorBands, SPEECH_SCORE_FACTOR, type WordColorBand } from '@ninety/contract';

/**
 * Word colour bands (spec §3): the type and the defaults live in the contract, shared with the
 * server's `GET /api/voice/getColor`; held in sessionStorage under `wordColors`.
 */
export { defaultWordColorBands, type WordColorBand };

/** A speech engine score is multiplied by this to reach the 0–90 PTE scale (spec §9). */
export const SCORE_FACTOR = SPEECH_SCORE_FACTOR;
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
