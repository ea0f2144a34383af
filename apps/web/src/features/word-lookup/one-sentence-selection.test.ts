import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  isSelected,
  ONE_SENTENCE_MIN_WORDS,
  selectWord,
  type SentenceSelection,
} from './one-sentence-selection';

const clicks = (indexes: number[]): SentenceSelection => indexes.reduce(selectWord, emptySelection);

describe('one-sentence selection (spec §4, §5, §9)', () => {
  it('needs at least 10 words (§9)', () => {
    expect(ONE_SENTENCE_MIN_WORDS).toBe(10);
  });

  it.each<[string, number[], SentenceSelection]>([
    ['§4 first click marks the start', [3], { start: 3, end: null, isTooShort: false }],
    ['§4 first and last word give the range', [3, 12], { start: 3, end: 12, isTooShort: false }],
    ['§4 a start after the end swaps', [12, 3], { start: 3, end: 12, isTooShort: false }],
    ['§9 difference 9 (10 words) is enough', [0, 9], { start: 0, end: 9, isTooShort: false }],
    [
      '§9 difference 8 (9 words) shows the hint',
      [0, 8],
      { start: null, end: null, isTooShort: true },
    ],
    ['§9 swapped and too short', [8, 0], { start: null, end: null, isTooShort: true }],
    ['§5 the same word twice is too short', [5, 5], { start: null, end: null, isTooShort: true }],
    [
      '§4 after the hint the next click starts again',
      [0, 8, 4],
      { start: 4, end: null, isTooShort: false },
    ],
    ['§4 a further click restarts', [3, 12, 20], { start: 20, end: null, isTooShort: false }],
    ['§4 restart then a new range', [3, 12, 20, 40], { start: 20, end: 40, isTooShort: false }],
  ])('%s', (_name, indexes, expected) => {
    expect(clicks(indexes)).toEqual(expected);
  });

  it('highlights the lone start, then the whole range', () => {
    expect(isSelected(clicks([3]), 3)).toBe(true);
    expect(isSelected(clicks([3]), 4)).toBe(false);
    const range = clicks([12, 3]);
    expect([2, 3, 7, 12, 13].map((index) => isSelected(range, index))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(isSelected(emptySelection, 0)).toBe(false);
  });
});
