import { describe, expect, it } from 'vitest';
import { TYPED_PUNCTUATION, isLookupToken, sanitizeTyped } from './typed-text';

describe('sanitizeTyped (spec §5)', () => {
  it.each([
    ['plain words stay', 'The cat sat', 'The cat sat'],
    ['leading whitespace goes', '  \t The cat', 'The cat'],
    ['trailing space stays while typing', 'The cat ', 'The cat '],
    [
      'listed punctuation stays',
      `Yes, it's "fine" - (really)? No; 1/2: ok!`,
      `Yes, it's "fine" - (really)? No; 1/2: ok!`,
    ],
    ['digits and underscore are word characters', 'a_1 2b', 'a_1 2b'],
    ['other symbols go', 'a@b#c$d%e&f*g', 'abcdefg'],
    ['Chinese characters and full-width punctuation go', '你好，world。', 'world'],
    ['a dropped character leaves no leading space', '* the end', 'the end'],
    ['newlines are whitespace', 'one\ntwo', 'one\ntwo'],
    ['empty stays empty', '', ''],
  ])('%s', (_label, input, expected) => {
    expect(sanitizeTyped(input)).toBe(expected);
  });

  it('keeps every character of the punctuation constant', () => {
    expect(sanitizeTyped(TYPED_PUNCTUATION)).toBe(TYPED_PUNCTUATION);
  });
});

describe('isLookupToken (spec §5)', () => {
  it.each([
    ['word', true],
    ['Word', true],
    ['3rd', true],
    ['x-ray', true],
    ['', false],
    [',', false],
    ['"quoted', false],
    ['(aside', false],
    [' word', false],
    ['中文', false],
  ])('%j → %s', (token, expected) => {
    expect(isLookupToken(token)).toBe(expected);
  });
});
