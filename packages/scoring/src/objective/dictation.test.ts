import { describe, expect, it } from 'vitest';
import { scoreDictation, type DictationWord } from './dictation';

const key = {
  sentence: 'The library will extend its opening hours during the examination period.',
};

describe('write from dictation — pte-rules §Part 3 WFD: 1 per correct word spelled correctly, in any order; case and punctuation ignored', () => {
  it.each([
    { case: 'the sentence itself', answer: key.sentence, score: 11 },
    {
      case: 'case and punctuation ignored',
      answer: 'the LIBRARY will extend its opening hours, during the examination period',
      score: 11,
    },
    {
      case: 'extra spaces and line breaks',
      answer: '  The  library will\nextend its opening hours during the examination period. ',
      score: 11,
    },
    {
      case: 'any order',
      answer: 'period examination the during hours opening its extend will library The',
      score: 11,
    },
    {
      case: 'a missing word',
      answer: 'The library will extend opening hours during the examination period.',
      score: 10,
    },
    {
      case: 'a misspelt word earns nothing',
      answer: 'The libary will extend its opening hours during the examination period.',
      score: 10,
    },
    {
      case: 'a short form is another word',
      answer: 'The library will extend its opening hours during the exam period.',
      score: 10,
    },
    {
      case: 'extra words cost nothing',
      answer: 'The new library will extend all its opening hours during the examination period.',
      score: 11,
    },
    { case: 'a word written twice earns once', answer: 'library library', score: 1 },
    { case: 'a repeated key word needs writing twice', answer: 'the', score: 1 },
    { case: 'both "the"s written', answer: 'the the', score: 2 },
    { case: 'empty answer', answer: '', score: 0 },
    { case: 'punctuation only', answer: '... !', score: 0 },
  ])('$case → $score of 11', ({ answer, score }) => {
    expect(scoreDictation(key, answer)).toMatchObject({ score, max: 11 });
  });

  it.each([
    {
      case: 'curly apostrophes match straight ones',
      sentence: "Students don't need a permit.",
      answer: 'Students don’t need a permit',
      score: 5,
    },
    {
      case: 'a contraction is one word: "do not" does not earn "don\'t"',
      sentence: "Students don't need a permit.",
      answer: 'Students do not need a permit',
      score: 4,
    },
    {
      case: 'a hyphenated word is one word',
      sentence: 'A well-known author spoke.',
      answer: 'A well known author spoke',
      score: 3,
    },
    {
      case: 'numbers as digits',
      sentence: 'The course lasts 12 weeks.',
      answer: 'the course lasts 12 weeks',
      score: 5,
    },
  ])('$case → $score', ({ sentence, answer, score }) => {
    expect(scoreDictation({ sentence }, answer).score).toBe(score);
  });

  it('accepts the key’s spelling variants (pte-rules §Spelling)', () => {
    const withVariants = {
      sentence: 'Researchers analyse the colour of the water.',
      variants: [
        { word: 'analyse', accepted: ['analyze'] },
        { word: 'colour', accepted: ['color'] },
      ],
    };
    expect(scoreDictation(withVariants, 'Researchers analyze the color of the water').score).toBe(
      7,
    );
    expect(scoreDictation(withVariants, 'Researchers analise the colr of the water').score).toBe(5);
  });
});

describe('the word diff shown with the result (spec §9: missed words in brackets, extra words struck through)', () => {
  const show = (words: DictationWord[]) =>
    words
      .map((word) =>
        word.kind === 'missed'
          ? `[${word.text}]`
          : word.kind === 'extra'
            ? `~${word.text}~`
            : word.text,
      )
      .join(' ');

  it.each([
    {
      answer: key.sentence,
      shown: 'the library will extend its opening hours during the examination period',
    },
    {
      answer: 'The library extend its hours during the exam period',
      shown: 'the library [will] extend its [opening] hours during the ~exam~ [examination] period',
    },
    {
      answer: 'library the',
      shown:
        '[the] library [will] [extend] [its] [opening] [hours] [during] the [examination] [period]',
    },
    {
      answer: '',
      shown:
        '[the] [library] [will] [extend] [its] [opening] [hours] [during] [the] [examination] [period]',
    },
    {
      answer: 'The library will extend its opening hours during the examination period today',
      shown: 'the library will extend its opening hours during the examination period ~today~',
    },
  ])('$answer', ({ answer, shown }) => {
    expect(show(scoreDictation(key, answer).words)).toBe(shown);
  });
});
