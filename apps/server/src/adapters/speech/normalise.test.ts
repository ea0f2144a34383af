import { describe, expect, it } from 'vitest';
import { GARBAGE_WORD, toAlignment } from './decode';
import { answerGrammar, keywordGrammar } from './grammar';
import { normaliseWords, numberToWords } from './normalise';

describe('normaliseWords', () => {
  it.each([
    ['The Library, opened in 1998!', 'the library opened in nineteen ninety eight'],
    [
      'It rose 3.5% to 2,400 units',
      'it rose three point five percent to two thousand four hundred units',
    ],
    ["Students' results aren't final", "students results aren't final"],
    ['A well-known fact — R&D', 'a well known fact r and d'],
    ['In 2005 and 2024', 'in two thousand and five and twenty twenty four'],
    ['101 dalmatians', 'one hundred and one dalmatians'],
  ])('%j → %j', (text, words) => {
    expect(normaliseWords(text).join(' ')).toBe(words);
  });

  it('leaves numbers it cannot read simply as digits', () => {
    expect(numberToWords(1_000_000)).toBeNull();
    expect(numberToWords(1900)).toEqual(['nineteen', 'hundred']);
    expect(numberToWords(1905)).toEqual(['nineteen', 'oh', 'five']);
  });
});

describe('grammars', () => {
  it('builds a keyword loop with phrases, function words and a phone loop', () => {
    const jsgf = keywordGrammar([['bar', 'chart'], ['the'], ['tokyo']]);
    expect(jsgf).toContain('<kw> = ( bar chart ) | ( the ) | ( tokyo );');
    expect(jsgf).not.toMatch(/<fw> = [^;]*\bthe\b/);
    expect(jsgf).toContain('ph_aa | ph_ae');
  });

  it('builds an answer grammar that can also be garbage only', () => {
    expect(answerGrammar([['honey']])).toContain('/0.5/ <junk> ;');
    expect(answerGrammar([])).not.toContain('<accepted>');
  });
});

describe('toAlignment', () => {
  it('strips alternate-pronunciation suffixes, counts frames and merges garbage phones', () => {
    const alignment = toAlignment(
      {
        t: 'which ph_k ph_ae',
        b: 0,
        d: 1,
        p: 0.5,
        w: [
          { t: 'which(2)', b: 0, d: 0.3, p: 0.9, w: [{ t: 'W', b: 0, d: 0.3, p: 0.9 }] },
          { t: 'ph_k', b: 0.3, d: 0.05, p: 0.8, w: [{ t: 'K', b: 0.3, d: 0.05, p: 0.8 }] },
          { t: 'ph_ae', b: 0.35, d: 0.1, p: 0.5, w: [{ t: 'AE', b: 0.35, d: 0.1, p: 0.5 }] },
        ],
      },
      'keywords',
      false,
      1,
    );
    expect(alignment.words.map((word) => word.word)).toEqual(['which', GARBAGE_WORD]);
    expect(alignment.words[1]).toMatchObject({ start: 0.3, duration: 0.15, p: 0.4 });
    expect(alignment.words[1]?.phones.map((phone) => phone.frames)).toEqual([5, 10]);
  });

  it('names a keyword heard through its spoken variant back to the word, marked (issue 15)', () => {
    const alignment = toAlignment(
      {
        t: 'percent__k1 percent',
        b: 0,
        d: 1,
        p: 0.9,
        w: [
          { t: 'percent__k1', b: 0, d: 0.4, p: 0.9, w: [{ t: 'P', b: 0, d: 0.4, p: 0.9 }] },
          { t: 'percent(2)', b: 0.5, d: 0.4, p: 0.9, w: [{ t: 'P', b: 0.5, d: 0.4, p: 0.9 }] },
        ],
      },
      'keywords',
      false,
      1,
    );
    expect(alignment.words.map(({ word, spokenVariant }) => ({ word, spokenVariant }))).toEqual([
      { word: 'percent', spokenVariant: true },
      { word: 'percent', spokenVariant: undefined },
    ]);
  });

  it('puts times back on the learner recording: the trimmed audio started `offsetSeconds` in', () => {
    const alignment = toAlignment(
      {
        t: 'bees',
        b: 0,
        d: 1,
        p: 0.9,
        w: [{ t: 'bees', b: 0.3, d: 0.4, p: 0.9, w: [{ t: 'B', b: 0.3, d: 0.1, p: 0.9 }] }],
      },
      'align',
      false,
      1,
      1.7,
    );
    expect(alignment.words[0]).toMatchObject({ start: 2, duration: 0.4 });
    expect(alignment.words[0]?.phones[0]).toMatchObject({ start: 2, duration: 0.1 });
  });
});
