import { describe, expect, it } from 'vitest';
import {
  blankMarkerProblems,
  containsPhrase,
  countSentences,
  countWords,
  fillBlanks,
  findBlanks,
  isIsoWeek,
  isOneSentence,
  isoWeekOf,
  optionLetter,
  toWords,
  transcriptTokens,
} from './text';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['One.', 1],
    ['A well-known fact — 2,500 people agree.', 6],
    ['Fill {{1}} and {{2}}.', 4],
    ['  spaced\n\tout  ', 2],
  ])('%j has %i words', (text, count) => {
    expect(countWords(text)).toBe(count);
  });
});

describe('toWords (pte-rules §Part 3 WFD: case and punctuation ignored)', () => {
  it('lower-cases, strips outer punctuation, keeps inner apostrophes and hyphens', () => {
    expect(toWords('“Don’t,” she said: well-known (facts)!')).toEqual([
      "don't",
      'she',
      'said',
      'well-known',
      'facts',
    ]);
  });

  it('matches phrases on whole words', () => {
    expect(containsPhrase('The Food Chain matters.', 'food chain')).toBe(true);
    expect(containsPhrase('Seafood chains', 'food chain')).toBe(false);
    expect(containsPhrase('anything', '')).toBe(false);
  });
});

describe('sentences (pte-rules §Part 1 SWT: one sentence)', () => {
  it.each([
    ['One sentence.', 1],
    ['One. Two! Three?', 3],
    ['Prices rose 3.5 percent, e.g. in food. Then they fell.', 2],
    ['No final stop', 1],
    ['', 0],
    // Abbreviations and initials close with a full stop without ending the sentence.
    ['Mr. Smith argues that the U.S. Department of Energy was right.', 1],
    ['Transport matters, e.g. Buses and trains carry most commuters.', 1],
    ['J. K. Rowling wrote it. Then she rested.', 2],
    ['It rose by 3 per cent, i.e. Twice as fast as wages. Costs fell.', 2],
  ])('%j has %i sentences', (text, count) => {
    expect(countSentences(text)).toBe(count);
  });

  it.each([
    ['Trees cool cities, and they improve health.', true],
    ['Trees cool cities. They improve health.', false],
    ['Trees cool cities', false],
  ])('%j is one sentence: %s', (text, expected) => {
    expect(isOneSentence(text)).toBe(expected);
  });
});

describe('blank markers {{n}}', () => {
  it('finds blanks in reading order', () => {
    expect(findBlanks('a {{1}} b {{2}}, c ({{3}}).')).toEqual([1, 2, 3]);
  });

  it.each([
    ['a {{1}} b {{2}}', []],
    ['a {{2}} b {{1}}', ['numbered']],
    ['a {{1}} b {{1}}', ['numbered']],
    ['a {1} b', ['brace']],
    ['a{{1}} b', ['joined']],
  ])('%j has problems %j', (text, expected) => {
    const problems = blankMarkerProblems(text);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((word, index) => expect(problems[index]).toContain(word));
  });

  it('fills blanks with their answers', () => {
    expect(
      fillBlanks(
        'The {{1}} sat on the {{2}}.',
        new Map([
          [1, 'cat'],
          [2, 'mat'],
        ]),
      ),
    ).toBe('The cat sat on the mat.');
  });
});

describe('HIW tokens and option letters', () => {
  it('splits a transcript on whitespace, punctuation attached', () => {
    expect(transcriptTokens(' Roads, fields and towns. ')).toEqual([
      'Roads,',
      'fields',
      'and',
      'towns.',
    ]);
  });

  it('letters options A, B, C…', () => {
    expect([0, 1, 7].map(optionLetter)).toEqual(['A', 'B', 'H']);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-11-20', '2026-W47'],
    ['2026-01-01', '2026-W01'],
    ['2025-12-29', '2026-W01'],
    ['2021-01-03', '2020-W53'],
  ])('%s is in %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });

  it('rejects a non-date', () => {
    expect(() => isoWeekOf('someday')).toThrow(RangeError);
  });

  it.each([
    ['2026-W47', true],
    ['2020-W53', true],
    ['2025-W53', false],
    ['2026-W00', false],
    ['2026-47', false],
  ])('%s is a real ISO week: %s', (week, expected) => {
    expect(isIsoWeek(week)).toBe(expected);
  });
});
