import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

describe('tokenize (spec §5: only tokens starting with a letter or digit)', () => {
  it('numbers words and keeps punctuation and spaces as text', () => {
    const pieces = tokenize('"Studies," she said (in 2020) — well-being.');
    expect(pieces.filter((piece) => piece.kind === 'word').map((piece) => piece.text)).toEqual([
      'Studies',
      'she',
      'said',
      'in',
      '2020',
      'well-being',
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(
      '"Studies," she said (in 2020) — well-being.',
    );
    const words = pieces.flatMap((piece) => (piece.kind === 'word' ? [piece.index] : []));
    expect(words).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('leaves blanks and symbols unclickable', () => {
    expect(tokenize('a ____ b').filter((piece) => piece.kind === 'word')).toHaveLength(2);
  });
});
