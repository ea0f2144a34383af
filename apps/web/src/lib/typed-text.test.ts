import { describe, expect, it } from 'vitest';
import { TYPED_PUNCTUATION, sanitizeTyped } from './typed-text';

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
    ['Chinese characters go', '你好world', 'world'],
    // Issue 17 reads these as English punctuation; sanitising must not undo that.
    ['Chinese punctuation stays, read as English', 'a，b。', 'a，b。'],
    ['apostrophe and hyphen look-alikes stay', 'it’s well‐known', 'it’s well‐known'],
    ['emoji and zero-width characters go', 'so\u200b 😀good', 'so good'],
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
