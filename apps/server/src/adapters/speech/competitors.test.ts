import { describe, expect, it } from 'vitest';
import { competitorsOf, neighbourIndex } from './competitors';
import {
  baseWord,
  keywordVariantName,
  keywordVariants,
  nonRhoticVariant,
  reducedVariants,
  variantName,
} from './reduced-vowels';

const dictionary = [
  ';; a comment',
  'open OW P AH N',
  'ocean OW SH AH N',
  'omen OW M AH N',
  'opening OW P AH N IH NG',
  'effect IH F EH K T',
  'effect(2) IY F EH K T',
  'affect AH F EH K T',
  'elect IH L EH K T',
  'denny D EH N IY',
  'dennie D EH N IY',
  'penny P EH N IY',
  'lane L EY N',
  'ln L EY N',
  'main M EY N',
  'the DH AH',
  'tho DH OW',
  "o'pen OW P EH N",
].join('\n');

describe('competing words: the dictionary words one phone away', () => {
  const index = neighbourIndex(dictionary);

  it('are the words of the same length that differ in one phone', () => {
    const open = ['OW', 'P', 'AH', 'N'];
    expect(competitorsOf(index, 'open', open, [open]).map((c) => c.word)).toEqual([
      'ocean',
      'omen',
    ]);
    expect(competitorsOf(index, 'open', open, [open])[0]?.phones).toEqual(['OW', 'SH', 'AH', 'N']);
  });

  it('leave out what sounds like one of the word own pronunciations, and repeat no homophone', () => {
    const effect = [
      ['IH', 'F', 'EH', 'K', 'T'],
      ['IY', 'F', 'EH', 'K', 'T'],
      ['AH', 'F', 'EH', 'K', 'T'],
    ];
    // "affect" is effect's third pronunciation: it can never be told apart.
    expect(competitorsOf(index, 'effect', effect[0]!, effect).map((c) => c.word)).toEqual([
      'elect',
    ]);
    const penny = ['P', 'EH', 'N', 'IY'];
    expect(competitorsOf(index, 'penny', penny, [penny]).map((c) => c.word)).toEqual(['denny']);
  });

  it('are named by their most common spelling, which does not change which sounds compete', () => {
    const penny = ['P', 'EH', 'N', 'IY'];
    const ranks: Record<string, number> = { dennie: 900, denny: 4000 };
    expect(competitorsOf(index, 'penny', penny, [penny], (word) => ranks[word])).toEqual([
      { word: 'dennie', phones: ['D', 'EH', 'N', 'IY'] },
    ]);
    // A spelling the frequency list lacks never replaces one it has.
    expect(
      competitorsOf(index, 'penny', penny, [penny], (word) => (word === 'denny' ? 1 : undefined)),
    ).toEqual([{ word: 'denny', phones: ['D', 'EH', 'N', 'IY'] }]);
  });

  it('with a rank limit, are only the words that common (a homophone by its commonest spelling)', () => {
    const open = ['OW', 'P', 'AH', 'N'];
    const ranks: Record<string, number> = { ocean: 1917, omen: 9000, dennie: 900 };
    const rank = (word: string) => ranks[word];
    expect(competitorsOf(index, 'open', open, [open], rank, 5000).map((c) => c.word)).toEqual([
      'ocean',
    ]);
    // A word the frequency list lacks never competes under a limit.
    const penny = ['P', 'EH', 'N', 'IY'];
    expect(competitorsOf(index, 'penny', penny, [penny], () => undefined, 5000)).toEqual([]);
    expect(competitorsOf(index, 'penny', penny, [penny], rank, 5000).map((c) => c.word)).toEqual([
      'dennie',
    ]);
  });

  it('are named and ranked by a spelling with a vowel letter, never an abbreviation', () => {
    const ranks: Record<string, number> = { ln: 973, lane: 1778 };
    const rank = (word: string) => ranks[word];
    const main = ['M', 'EY', 'N'];
    expect(competitorsOf(index, 'main', main, [main], rank, 5000)).toEqual([
      { word: 'lane', phones: ['L', 'EY', 'N'] },
    ]);
    // Under a limit between the two ranks, the abbreviation's rank does not let it in.
    expect(competitorsOf(index, 'main', main, [main], rank, 1000)).toEqual([]);
  });

  it('are not offered to words of fewer than three phones', () => {
    expect(competitorsOf(index, 'the', ['DH', 'AH'], [['DH', 'AH']])).toEqual([]);
  });
});

describe('reduced-vowel variants', () => {
  it('say each reducible vowel of a longer word as a schwa, one at a time', () => {
    expect(reducedVariants('many', ['M', 'EH', 'N', 'IY'])).toEqual([
      ['M', 'AH', 'N', 'IY'],
      ['M', 'EH', 'N', 'AH'],
    ]);
    // ER and diphthongs are kept; a variant the word already has is not repeated.
    expect(
      reducedVariants(
        'every',
        ['EH', 'V', 'ER', 'IY'],
        [
          ['EH', 'V', 'ER', 'IY'],
          ['AH', 'V', 'ER', 'IY'],
        ],
      ),
    ).toEqual([['EH', 'V', 'ER', 'AH']]);
  });

  it('leave one-vowel words alone but for a few weak function words', () => {
    expect(reducedVariants('food', ['F', 'UW', 'D'])).toEqual([]);
    expect(reducedVariants('at', ['AE', 'T'])).toEqual([['AH', 'T']]);
  });

  it('are named apart from the word and named back to it', () => {
    expect(baseWord(variantName('many', 2))).toBe('many');
    expect(baseWord('open__c_ocean')).toBe('open');
    expect(baseWord(keywordVariantName('percent', 1))).toBe('percent');
    expect(baseWord('open')).toBe('open');
  });
});

describe("a keyword's spoken variants", () => {
  it('drop an R no vowel follows and say ER as a schwa (non-rhotic English)', () => {
    // "important": the R before T goes; "percent": ER becomes AH; "carry": the R before a vowel stays.
    const important = ['IH', 'M', 'P', 'AO', 'R', 'T', 'AH', 'N', 'T'];
    expect(nonRhoticVariant(important)).toEqual(['IH', 'M', 'P', 'AO', 'T', 'AH', 'N', 'T']);
    const percent = ['P', 'ER', 'S', 'EH', 'N', 'T'];
    expect(nonRhoticVariant(percent)).toEqual(['P', 'AH', 'S', 'EH', 'N', 'T']);
    expect(nonRhoticVariant(['K', 'AA', 'R'])).toEqual(['K', 'AA']);
    expect(nonRhoticVariant(['K', 'EH', 'R', 'IY'])).toBeNull();
    expect(nonRhoticVariant(['T', 'OW', 'K', 'Y', 'OW'])).toBeNull();
  });

  it('come non-rhotic first, then reduced, at most three, none the word already has', () => {
    expect(keywordVariants('percent', ['P', 'ER', 'S', 'EH', 'N', 'T'])).toEqual([
      ['P', 'AH', 'S', 'EH', 'N', 'T'],
      ['P', 'ER', 'S', 'AH', 'N', 'T'],
    ]);
    expect(
      keywordVariants('information', ['IH', 'N', 'F', 'ER', 'M', 'EY', 'SH', 'AH', 'N']),
    ).toEqual([
      ['IH', 'N', 'F', 'AH', 'M', 'EY', 'SH', 'AH', 'N'],
      ['AH', 'N', 'F', 'ER', 'M', 'EY', 'SH', 'AH', 'N'],
    ]);
    expect(keywordVariants('food', ['F', 'UW', 'D'])).toEqual([]);
    const many = keywordVariants('difficulty', ['D', 'IH', 'F', 'IH', 'K', 'AH', 'L', 'T', 'IY']);
    expect(many).toHaveLength(3);
  });
});
