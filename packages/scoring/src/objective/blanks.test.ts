import { describe, expect, it } from 'vitest';
import { scoreChosenBlanks, scoreTypedBlanks } from './blanks';

describe('chosen blanks — pte-rules §Part 2 RWFIB / RFIB: 1 per correct blank', () => {
  const key = [
    { blank: 2, answer: 'however' },
    { blank: 1, answer: 'rapidly' },
    { blank: 3, answer: 'decline' },
  ];
  it.each([
    { case: 'all right', given: ['rapidly', 'however', 'decline'], score: 3 },
    { case: 'one wrong', given: ['rapidly', 'therefore', 'decline'], score: 2 },
    { case: 'all empty', given: ['', '', ''], score: 0 },
    { case: 'fewer answers than blanks: the rest are unanswered', given: ['rapidly'], score: 1 },
    {
      case: 'surrounding spaces do not matter',
      given: [' rapidly ', 'however', 'decline'],
      score: 3,
    },
    {
      case: 'an option is matched exactly (case counts)',
      given: ['Rapidly', 'however', 'decline'],
      score: 2,
    },
    { case: 'answers in the wrong blanks', given: ['however', 'rapidly', 'decline'], score: 1 },
  ])('$case → $score of 3', ({ given, score }) => {
    expect(scoreChosenBlanks(key, given)).toMatchObject({ score, max: 3 });
  });

  it('reports each blank in marker order with the key beside the answer', () => {
    expect(scoreChosenBlanks(key, ['rapidly', 'therefore']).blanks).toEqual([
      { blank: 1, given: 'rapidly', expected: 'rapidly', correct: true },
      { blank: 2, given: 'therefore', expected: 'however', correct: false },
      { blank: 3, given: '', expected: 'decline', correct: false },
    ]);
  });
});

describe('typed blanks — pte-rules §Part 3 LFIB (1 per correct word, spelled correctly) and §Spelling', () => {
  const key = [
    { blank: 1, answer: 'organise', variants: ['organize'] },
    { blank: 2, answer: 'data' },
  ];
  it.each([
    { case: 'both right', given: ['organise', 'data'], score: 2 },
    { case: 'case is ignored', given: ['Organise', 'DATA'], score: 2 },
    { case: 'punctuation around the word is ignored', given: ['organise,', '“data”.'], score: 2 },
    { case: 'an accepted American spelling', given: ['organize', 'data'], score: 2 },
    { case: 'a misspelling earns nothing', given: ['organiise', 'dta'], score: 0 },
    { case: 'two words in one blank earn nothing', given: ['organise data', 'data'], score: 1 },
    { case: 'empty answers', given: ['', ''], score: 0 },
    { case: 'punctuation alone is empty', given: ['...', 'data'], score: 1 },
  ])('$case → $score of 2', ({ given, score }) => {
    expect(scoreTypedBlanks(key, given)).toMatchObject({ score, max: 2 });
  });
});
