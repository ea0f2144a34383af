/**
 * One-sentence mode (spec §4) as a pure reducer: the learner clicks a first and a last word; a
 * further click restarts; a start after the end swaps; a range under the minimum shows the hint
 * and resets the start (spec §5 message, §9 constant).
 */

/** Spec §9: at least 10 words, so an index difference under 9 triggers the hint. */
export const ONE_SENTENCE_MIN_WORDS = 10;

/** Spec §5's message in Chinese. */
export const ONE_SENTENCE_HINT = '请点击要练习句子的首尾单词，最少10个单词';

export interface SentenceSelection {
  /** Index (among clickable words) of the first click, or null. */
  start: number | null;
  /** Index of the last word once a range is chosen, else null. */
  end: number | null;
  /** Set by the click that made a too-short range; cleared by the next click. */
  isTooShort: boolean;
}

export const emptySelection: SentenceSelection = { start: null, end: null, isTooShort: false };

export function selectWord(state: SentenceSelection, index: number): SentenceSelection {
  // No start yet, or a range already chosen: this click starts (or restarts) the selection.
  if (state.start === null || state.end !== null) {
    return { start: index, end: null, isTooShort: false };
  }
  const [start, end] = state.start <= index ? [state.start, index] : [index, state.start];
  if (end - start < ONE_SENTENCE_MIN_WORDS - 1) return { ...emptySelection, isTooShort: true };
  return { start, end, isTooShort: false };
}

/** Whether the word at `index` lies in the chosen range (or is the lone start). */
export function isSelected(state: SentenceSelection, index: number): boolean {
  if (state.start === null) return false;
  if (state.end === null) return index === state.start;
  return index >= state.start && index <= state.end;
}
