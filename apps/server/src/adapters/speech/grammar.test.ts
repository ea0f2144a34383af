import { describe, expect, it } from 'vitest';
import {
  PHONES,
  headGrammar,
  phoneLoopGrammar,
  prefixGrammar,
  readSpanOf,
  skippableGrammar,
  tailGrammar,
} from './grammar';

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

  it('a skippable reading has every word in order, each with a costly way round it', () => {
    expect(body(skippableGrammar(['a', 'b'], 0.001))).toBe(
      '( /0.999/ a | /0.001/ <NULL> ) ( /0.999/ b | /0.001/ <NULL> )',
    );
  });
});

describe('the free phone decode', () => {
  it('is a loop over every phone of the model', () => {
    const grammar = phoneLoopGrammar();
    expect(grammar).toContain('public <phones> = ( <g> )+ ;');
    for (const phone of PHONES) expect(grammar).toContain(`ph_${phone.toLowerCase()}`);
  });
});

describe('which words a half of a long reading read', () => {
  // Known words a…h; the window is c d e (2 to 5).
  const known = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const head = { side: 'head' as const, windowFrom: 2, windowTo: 5 };
  const tail = { side: 'tail' as const, windowFrom: 2, windowTo: 5 };

  it('a head read in full up to a window word ends after it', () => {
    expect(readSpanOf(['a', 'b', 'c', 'd'], known, head)).toEqual({ from: 0, to: 4 });
    expect(readSpanOf(['a', 'b'], known, head)).toEqual({ from: 0, to: 2 });
  });

  it('a head that skipped a fixed word still ends where its window words end', () => {
    expect(readSpanOf(['b', 'c'], known, head)).toEqual({ from: 0, to: 3 });
  });

  it('a tail starts at its first window word and, skips or not, runs to the end', () => {
    expect(readSpanOf(['d', 'e', 'f', 'g', 'h'], known, tail)).toEqual({ from: 3, to: 8 });
    expect(readSpanOf(['e', 'f', 'h'], known, tail)).toEqual({ from: 4, to: 8 });
    expect(readSpanOf(['f', 'g', 'h'], known, tail)).toEqual({ from: 5, to: 8 });
  });

  it('a tail cut off by the time limit ends at its last word', () => {
    expect(readSpanOf(['e', 'f'], known, { ...tail, cutOff: true })).toEqual({ from: 4, to: 6 });
  });

  it('words that fit two ways leave the span in doubt', () => {
    // "c" is the last fixed word (b skipped) or the window's first (b and c skipped).
    const repeated = ['a', 'b', 'c', 'c', 'd'];
    expect(
      readSpanOf(['a', 'c'], repeated, { side: 'head', windowFrom: 3, windowTo: 5 }),
    ).toBeNull();
  });

  it('the halves skip words read in full at a cost', () => {
    expect(body(headGrammar(['a'], ['c'], 0.001))).toBe('( /0.999/ a | /0.001/ <NULL> ) [ c ]');
    expect(body(tailGrammar(['c'], ['f'], false, 0.001))).toBe(
      '[ c ] ( /0.999/ f | /0.001/ <NULL> )',
    );
  });
});
