import { beforeAll, describe, expect, it } from 'vitest';
import { BRITISH_FORMS, CURRENT_WORDS, PROPER_NAMES, wordsOf } from './extra-words';
import { createLanguageTools, type LanguageTools } from './language-tools';

/**
 * Spelling that does not punish modern English (issue 17): each of these counted as a
 * misspelling, per occurrence, before.
 */
let tools: LanguageTools;
beforeAll(async () => {
  tools = await createLanguageTools();
}, 60_000);

const misspelt = async (text: string) =>
  (await tools.check(text)).misspellings.map((miss) => miss.text);

describe('words the dictionaries lack are spelled right', () => {
  it.each([
    [
      'everyday current words',
      'influencer cyberbullying lockdown lockdowns biofuel biofuels chatbot chatbots wearable wearables megacity megacities telemedicine fintech upskilling',
    ],
    [
      'hyphenated words whose prefix is not a word alone',
      'pre-existing socio-economic eco-friendly geo-political pre-school',
    ],
    ['accented words', 'café naïve résumé façade'],
    ['common proper names', 'Shenzhen WeChat TikTok Airbnb Uber Covid'],
    ['British forms Hunspell lacks', 'foetus annexe incentivise'],
  ])('%s', async (_case, text) => {
    expect(await misspelt(text)).toEqual([]);
  });

  it('the hand lists are data: lower case, each word once', async () => {
    const words = [CURRENT_WORDS, PROPER_NAMES, BRITISH_FORMS].flatMap(wordsOf);
    expect(new Set(words).size).toBe(words.length);
    for (const word of words) expect(word).toBe(word.toLowerCase());
  });

  it('still finds real misspellings, including a made-up prefix part', async () => {
    expect(await misspelt('enviroment goverment xyz-friendly pre-exsting')).toEqual([
      'enviroment',
      'goverment',
      'xyz-friendly',
      'pre-exsting',
    ]);
  });

  // Issue 17: equally near suggestions ranked by spoken-English frequency (SUBTLEX-US).
  it.each([
    ['lerning', 'learning'],
    ['recieve', 'receive'],
    ['studing', 'studying'],
    ['peple', 'people'],
    ['wether', 'whether'],
  ])('ranks suggestions by how common the word is: "%s" → %s first', async (typed, first) => {
    const [miss] = (await tools.check(typed)).misspellings;
    expect(miss?.suggestions[0]).toBe(first);
  });
});
