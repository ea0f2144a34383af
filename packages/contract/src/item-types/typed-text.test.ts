import { describe, expect, it } from 'vitest';
import { countWords, toWords } from './text';
import { normalizeTypedText } from './typed-text';

/** Typed answers normalised before matching (issue 17): WFD, LFIB, RFIB typed, SWT/SST/WE. */
describe('normalizeTypedText', () => {
  it.each([
    ['NFC: e + combining acute is é', 'cafe\u0301', 'café'],
    ['apostrophe ʼ', 'donʼt', "don't"],
    ['apostrophe `', 'don`t', "don't"],
    ['apostrophe ´', 'don´t', "don't"],
    ['apostrophe ′', 'don′t', "don't"],
    ['apostrophe ’', 'don’t', "don't"],
    ['hyphen ‐', 'well‐known', 'well-known'],
    ['non-breaking hyphen ‑', 'well‑known', 'well-known'],
    ['en dash –', 'well–known', 'well-known'],
    ['em dash —', 'well—known', 'well-known'],
    ['zero-width space removed', 'envi\u200Bronment', 'environment'],
    ['zero-width joiner and BOM removed', '\uFEFFgo\u200Dod', 'good'],
    ['Chinese comma without a space', 'cities，towns', 'cities, towns'],
    ['Chinese full stop at the end', 'It grows。', 'It grows.'],
    ['Chinese marks with a space after already', '好？ Yes！', '好? Yes!'],
    ['Chinese semicolon and colon', 'a；b：c', 'a; b: c'],
    ['Chinese enumeration comma', 'a、b', 'a, b'],
    ['Chinese quotes', '“green”', '"green"'],
    ['full-width space', 'a\u3000b', 'a b'],
  ])('%s', (_case, typed, read) => {
    expect(normalizeTypedText(typed).text).toBe(read);
  });

  it('says when Chinese punctuation was typed', () => {
    expect(normalizeTypedText('a，b').chinesePunctuation).toBe(true);
    expect(normalizeTypedText('a, b').chinesePunctuation).toBe(false);
  });

  it('maps a span of the normalised text back to what the learner typed', () => {
    const typed = 'Cities，towns\u200B grow。';
    const normal = normalizeTypedText(typed);
    const at = normal.text.indexOf('towns');
    expect(normal.toOriginal(at, at + 5)).toEqual([7, 12]);
    expect(typed.slice(...normal.toOriginal(at, at + 5))).toBe('towns');
    const grow = normal.text.indexOf('grow');
    expect(typed.slice(...normal.toOriginal(grow, grow + 4))).toBe('grow');
  });

  it('toWords compares the normalised words (WFD, typed blanks)', () => {
    expect(toWords('Donʼt  use well‑known words，please')).toEqual([
      "don't",
      'use',
      'well-known',
      'words',
      'please',
    ]);
    expect(countWords(normalizeTypedText('cities，towns').text)).toBe(2);
  });
});
