/**
 * Highlight incorrect words (pte-rules §Part 3 HIW): +1 for each clicked word that differs from
 * the recording, −1 for each clicked word that does not, never below 0. Words are the transcript's
 * whitespace-separated tokens, numbered from 0 as in the item's key.
 */

export interface HighlightResult {
  score: number;
  max: number;
  /** Changed words the learner clicked. */
  found: number[];
  /** Changed words the learner did not click. */
  missed: number[];
  /** Clicked words that were read as printed. */
  wrong: number[];
}

export function scoreHighlights(
  changed: readonly number[],
  clicked: readonly number[],
): HighlightResult {
  const changedSet = new Set(changed);
  const clickedSet = new Set(clicked);
  const byIndex = (a: number, b: number) => a - b;
  const found = [...clickedSet].filter((index) => changedSet.has(index)).sort(byIndex);
  const wrong = [...clickedSet].filter((index) => !changedSet.has(index)).sort(byIndex);
  const missed = [...changedSet].filter((index) => !clickedSet.has(index)).sort(byIndex);
  return {
    score: Math.max(0, found.length - wrong.length),
    max: changedSet.size,
    found,
    missed,
    wrong,
  };
}
