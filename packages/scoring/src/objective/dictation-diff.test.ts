import { describe, expect, it } from 'vitest';
import { diffWords, editDistance, isMisspelling } from './dictation-diff';

const sentence = 'The library will extend its opening hours during the examination period.';

/** Shorthand: each token as kind:expected/written. */
const show = (transcript: string, answer: string) =>
  diffWords(transcript, answer).map((token) =>
    token.kind === 'correct'
      ? token.expected
      : `${token.kind}:${token.expected ?? ''}/${token.written ?? ''}`,
  );

describe('dictation word diff — WFD normalisation, then missing / extra / misspelt / wrong', () => {
  it.each([
    {
      case: 'the sentence itself, case and punctuation ignored',
      answer: 'the LIBRARY will extend its opening hours, during the examination period',
      diff: [
        'the',
        'library',
        'will',
        'extend',
        'its',
        'opening',
        'hours',
        'during',
        'the',
        'examination',
        'period',
      ],
    },
    {
      case: 'a missing word',
      answer: 'The library will extend opening hours during the examination period.',
      diff: [
        'the',
        'library',
        'will',
        'extend',
        'missing:its/',
        'opening',
        'hours',
        'during',
        'the',
        'examination',
        'period',
      ],
    },
    {
      case: 'an extra word',
      answer: 'The new library will extend its opening hours during the examination period.',
      diff: [
        'the',
        'extra:/new',
        'library',
        'will',
        'extend',
        'its',
        'opening',
        'hours',
        'during',
        'the',
        'examination',
        'period',
      ],
    },
    {
      case: 'a misspelt word (two letters off in a long word)',
      answer: 'The libary will extend its opening hours during the examinasion period.',
      diff: [
        'the',
        'misspelt:library/libary',
        'will',
        'extend',
        'its',
        'opening',
        'hours',
        'during',
        'the',
        'misspelt:examination/examinasion',
        'period',
      ],
    },
    {
      case: 'a wrong word in its place',
      answer: 'The library will extend its opening hours during the exam period.',
      diff: [
        'the',
        'library',
        'will',
        'extend',
        'its',
        'opening',
        'hours',
        'during',
        'the',
        'wrong:examination/exam',
        'period',
      ],
    },
    {
      case: 'two missed at the end',
      answer: 'The library will extend its opening hours during the',
      diff: [
        'the',
        'library',
        'will',
        'extend',
        'its',
        'opening',
        'hours',
        'during',
        'the',
        'missing:examination/',
        'missing:period/',
      ],
    },
    {
      case: 'empty answer: every word missing',
      answer: '',
      diff: [
        'missing:the/',
        'missing:library/',
        'missing:will/',
        'missing:extend/',
        'missing:its/',
        'missing:opening/',
        'missing:hours/',
        'missing:during/',
        'missing:the/',
        'missing:examination/',
        'missing:period/',
      ],
    },
  ])('$case', ({ answer, diff }) => {
    expect(show(sentence, answer)).toEqual(diff);
  });

  it('compares curly and straight apostrophes alike, and keeps contractions one word', () => {
    expect(show("Students don't need a permit.", 'Students don’t need a permit')).toEqual([
      'students',
      "don't",
      'need',
      'a',
      'permit',
    ]);
    expect(show("Students don't need a permit.", 'Students do not need a permit')).toEqual([
      'students',
      "wrong:don't/do",
      'extra:/not',
      'need',
      'a',
      'permit',
    ]);
  });

  it('every transcript word appears once as expected, every written word once as written', () => {
    const answer = 'library the will extended its hour during examination the period now';
    const tokens = diffWords(sentence, answer);
    expect(tokens.flatMap((t) => (t.expected ? [t.expected] : []))).toHaveLength(11);
    expect(tokens.flatMap((t) => (t.written ? [t.written] : []))).toHaveLength(11);
  });
});

describe('misspelling distance', () => {
  it.each([
    ['its', 'it', true],
    ['its', 'is', true],
    ['cat', 'dog', false],
    ['hours', 'hors', true],
    ['period', 'peroid', true],
    ['examination', 'exam', false],
    ['library', 'libary', true],
  ])('%s / %s → %s', (expected, written, misspelt) => {
    expect(isMisspelling(expected, written)).toBe(misspelt);
  });

  it('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
