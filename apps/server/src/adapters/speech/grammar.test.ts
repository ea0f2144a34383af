import { describe, expect, it } from 'vitest';
import { headGrammar, prefixGrammar, tailGrammar } from './grammar';

const body = (grammar: string) => /public <reading> = (.*) ;/.exec(grammar)?.[1];

describe('reading grammars', () => {
  it('a prefix reads from the first word up to any word', () => {
    expect(body(prefixGrammar(['a', 'b', 'c']))).toBe('a [ b [ c ] ]');
  });

  it('a head reads its fixed words, then the window up to any of its words', () => {
    expect(body(headGrammar(['a', 'b'], ['c', 'd', 'e']))).toBe('a b [ c [ d [ e ] ] ]');
    expect(body(headGrammar(['a', 'b'], []))).toBe('a b');
  });

  it('a tail reads the window from any of its words, then its fixed words', () => {
    expect(body(tailGrammar(['c', 'd', 'e'], ['f', 'g']))).toBe('[ [ [ c ] d ] e ] f g');
    expect(body(tailGrammar([], ['f', 'g']))).toBe('f g');
  });

  it('a tail cut off by the time limit may stop at any of its fixed words too', () => {
    expect(body(tailGrammar(['c', 'd'], ['f', 'g'], true))).toBe('[ [ c ] d ] f [ g ]');
  });
});
